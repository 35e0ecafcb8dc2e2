-- A paced mix of operations for bench/sizing-check, open loop: wrk ... -- <threads> <rate/s> <jwt> <app token> <users>
-- <password> <mix> <address prefix>. <mix> is op=weight,... of types (getAllUserTypes), me (GET /_me), login and create-link (a new address
-- each time, with its mail): of every <sum of the weights> requests, each op gets its weight's, spread evenly (smooth
-- weighted round robin), so the mix holds over any stretch of the run, not only on average.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, app_token, users, password, prefix
local cycle = {}

local function spread(mix)
  local ops, total = {}, 0
  for op, weight in mix:gmatch("([%w-]+)=(%d+)") do
    table.insert(ops, { name = op, weight = tonumber(weight), current = 0 })
    total = total + tonumber(weight)
  end
  for _ = 1, total do
    local best
    for _, op in ipairs(ops) do
      op.current = op.current + op.weight
      if best == nil or op.current > best.current then best = op end
    end
    best.current = best.current - total
    table.insert(cycle, best.name)
  end
end

function init(args)
  headers, app_token, users, password = bench.init_paced(args)
  spread(args[7])
  prefix = args[8]
end

function delay()
  return bench.pace()
end

function request()
  local index = bench.next_index()
  local op = cycle[(index - 1) % #cycle + 1]
  if op == "types" then
    return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. index, headers)
  elseif op == "me" then
    return wrk.format("GET", "/_me?r=" .. index, headers)
  elseif op == "login" then
    local user = (index - 1) % users + 1
    return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}')
  elseif op == "create-link" then
    return bench.post("/_plugin/Vendor/user/create", bench.creation(prefix .. index .. "@bench.example", app_token, nil))
  end
  error("unknown operation " .. op)
end

-- Any 200 is served; the service's own counts per route (its /metrics) tell bench/sizing-check what each op served.
function response(status, headers, body)
  if status ~= 200 then
    errors = errors + 1
    if status == 503 then
      refused = refused + 1
    end
  end
end
