-- A login storm offered at a fixed rate (twice the hash bound, from bench/run), open loop: wrk ... -- <threads> <users>
-- <password> <rate/s>. Requests go out on schedule whatever their latency, so the connections must outnumber
-- rate × the longest latency (admission control bounds it near security.hashQueueBudget).
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local users, password, pace

function init(args)
  bench.init(args)
  users = tonumber(args[2])
  password = args[3]
  pace = bench.pacer(tonumber(args[4]))
end

-- Defined at the top level: wrk decides from its main state whether the script paces its requests.
function delay()
  return pace()
end

function request()
  local user = (bench.next_index() - 1) % users + 1
  return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}')
end
