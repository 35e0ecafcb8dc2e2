-- Shared by every scenario: a unique request index per thread, error counting in response(), and one summary line.
--
-- Every scenario's script starts with
--   package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
--   local bench = require("common")
-- and is run as: wrk ... -s <scenario>.lua <url> -- <wrk threads> [scenario arguments]
local bench = {}

-- A millisecond clock (wrk's Lua is LuaJIT: its FFI reaches clock_gettime), for pacing independent of latency.
local ffi = require("ffi")
ffi.cdef[[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock_id, bench_timespec *ts);
]]
local CLOCK_MONOTONIC = 1
local timespec = ffi.new("bench_timespec")

function bench.now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, timespec)
  return tonumber(timespec.tv_sec) * 1000 + tonumber(timespec.tv_nsec) / 1e6
end

-- Open-loop pacing for wrk's delay(): the thread sends its share of <rate> requests a second on a fixed schedule, whatever
-- the latency, as long as one of its connections is free. A slot missed because every connection was busy is dropped, not
-- made up in a burst. Call after bench.init.
function bench.pacer(rate)
  local interval = 1000 * bench.nthreads / rate
  local next_slot = nil
  return function()
    local now = bench.now_ms()
    if next_slot == nil or next_slot < now then
      next_slot = now
    end
    local wait = next_slot - now
    next_slot = next_slot + interval
    return math.floor(wait)
  end
end

local threads = {}

-- Runs in wrk's main Lua state, once per thread: numbers the threads so each builds its own disjoint index sequence.
function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

-- The threads set up, for a scenario's own done() that adds figures.
function bench_threads()
  return threads
end

-- The thread's state: index = thread_id, thread_id + nthreads, ... so indexes are unique across threads, 1-based.
function bench.init(args)
  bench.nthreads = tonumber(args[1])
  bench.args = args
  bench.issued = 0
  errors = 0
  refused = 0
  throttled = 0
end

-- The paced mixes' arguments (steady.lua, mix.lua): <threads> <rate/s> <jwt> <app token> <users> <password>. Sets
-- bench.pace for their delay(); returns the JWT's headers, the app token, the number of seeded accounts and their password.
function bench.init_paced(args)
  bench.init(args)
  bench.pace = bench.pacer(tonumber(args[2]))
  return bench.bearer(args[3]), args[4], tonumber(args[5]), args[6]
end

function bench.next_index()
  local index = thread_id + bench.issued * bench.nthreads
  bench.issued = bench.issued + 1
  return index
end

-- Success: HTTP 200 and either a business statusCode 0 or a login result (a jwt). A 503 (admission control) and a 429 (a
-- limit of docs/decisions.md §7) are counted apart as well, since the storm and the attack expect them.
function response(status, headers, body)
  if status == 200 and (body:find('"statusCode":0,', 1, true) or body:find('"jwt":"', 1, true)) then
    return
  end
  errors = errors + 1
  if status == 503 then
    refused = refused + 1
  elseif status == 429 then
    throttled = throttled + 1
  end
end

-- Runs in the main state: one machine-readable line for bench/run (times in microseconds).
function done(summary, latency, requests)
  local errs, refusals, limited = 0, 0, 0
  for _, thread in ipairs(threads) do
    errs = errs + thread:get("errors")
    refusals = refusals + thread:get("refused")
    limited = limited + thread:get("throttled")
  end
  local e = summary.errors
  local transport = e.connect + e.read + e.write + e.timeout
  io.write(string.format(
    "BENCH requests=%d duration_us=%d p50_us=%d p99_us=%d p999_us=%d errors=%d refused=%d throttled=%d transport_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
    errs + transport, refusals, limited, transport))
end

function bench.post(path, body, headers)
  headers = headers or {}
  headers["Content-Type"] = "application/json"
  return wrk.format("POST", path, headers, body)
end

-- Behind a trusted proxy (bench/run trusts 127.0.0.1): the request comes from this source, as the service sees it.
function bench.from(source, headers)
  headers = headers or {}
  headers["X-Forwarded-For"] = source
  return headers
end

function bench.bearer(jwt)
  return { ["Authorization"] = "Bearer " .. jwt }
end

-- The n-th active account bench/run seeds (users seed --synthetic --prefix bench-): bench-a<n>@loadtest.invalid.
function bench.seeded(n)
  return "bench-a" .. n .. "@loadtest.invalid"
end

-- The body of both creation routes; password nil for /user/create.
function bench.creation(email, app_token, password)
  local body = '{"email":"' .. email .. '","fromSalon":"salon-2026","fromSessionSalon":"salon-2026-spring",'
    .. '"language":"eng-GB","fromThirdParty":"' .. app_token .. '"'
  if password then
    body = body .. ',"password":"' .. password .. '","isSendingEmailAllowed":true'
  end
  return body .. '}'
end

return bench
