-- updateUser (docs/decisions.md §4, §6) of seeded accounts with fresh profile values each request:
-- wrk ... -- <threads> <jwt> <app token> <users>. The application's userScope is `any`, so one JWT may update every account.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, app_token, users

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
  app_token = args[3]
  users = tonumber(args[4])
end

function request()
  local index = bench.next_index()
  local user = (index - 1) % users + 1
  local body = '{"email":"' .. bench.seeded(user) .. '","appToken":"' .. app_token .. '",'
    .. '"data":{"firstname":"First' .. index .. '","city":"City ' .. index .. '"}}'
  return bench.post("/_plugin/Vendor/thirdParty/updateUser", body, headers)
end
