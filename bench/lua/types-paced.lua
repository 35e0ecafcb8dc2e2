-- getAllUserTypes at a fixed rate, open loop, to measure its latency beside the login storm without taking the CPU the
-- storm needs: wrk ... -- <threads> <jwt> <rate/s>.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, pace

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
  pace = bench.pacer(tonumber(args[3]))
end

-- Defined at the top level: wrk decides from its main state whether the script paces its requests.
function delay()
  return pace()
end

function request()
  return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. bench.next_index(), headers)
end
