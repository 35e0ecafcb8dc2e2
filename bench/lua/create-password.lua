-- Account creation with a password (and its welcome mail), a new address each request:
-- wrk ... -- <threads> <app token> <password>.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local app_token, password

function init(args)
  bench.init(args)
  app_token = args[2]
  password = args[3]
end

function request()
  local email = "cp-" .. bench.next_index() .. "@bench.example"
  return bench.post("/_plugin/Vendor/user/createWithPassword", bench.creation(email, app_token, password))
end
