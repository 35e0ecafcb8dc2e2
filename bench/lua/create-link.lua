-- Account creation by e-mailed link, a new address each request: wrk ... -- <threads> <app token> <address prefix>.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local app_token, prefix

function init(args)
  bench.init(args)
  app_token = args[2]
  prefix = args[3]
end

function request()
  local email = prefix .. bench.next_index() .. "@bench.example"
  return bench.post("/_plugin/Vendor/user/create", bench.creation(email, app_token, nil))
end
