-- Registration peak: 60% create-link, 20% login, 20% getAllUserTypes, drawn per request:
-- wrk ... -- <threads> <jwt> <app token> <users> <password>.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, app_token, users, password

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
  app_token = args[3]
  users = tonumber(args[4])
  password = args[5]
  math.randomseed(thread_id * 7919)
end

function request()
  local index = bench.next_index()
  local draw = math.random()
  if draw < 0.6 then
    return bench.post("/_plugin/Vendor/user/create", bench.creation("pk-" .. index .. "@bench.example", app_token, nil))
  elseif draw < 0.8 then
    local user = (index - 1) % users + 1
    return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}')
  end
  return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. index, headers)
end
