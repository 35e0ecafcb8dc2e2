-- getAllUserTypes paced to a fixed rate, to measure its latency beside the login storm without taking the CPU the storm
-- needs: wrk ... -- <threads> <jwt> <connections> <rate/s>. Each connection waits connections/rate seconds on average
-- (drawn at random) before each request.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, pause_ms

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
  pause_ms = 1000 * tonumber(args[3]) / tonumber(args[4])
  math.randomseed(thread_id * 15485863)
end

-- Defined at the top level: wrk decides from its main state whether the script paces its requests.
function delay()
  return math.floor(math.random() * 2 * pause_ms)
end

function request()
  return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. bench.next_index(), headers)
end
