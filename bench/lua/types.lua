-- getAllUserTypes with a JWT: wrk ... -- <threads> <jwt>. A unique, ignored query parameter per request.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
end

function request()
  return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. bench.next_index(), headers)
end
