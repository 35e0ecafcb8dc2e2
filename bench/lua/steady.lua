-- A steady, paced mix for bench/rolling-restart: wrk ... -- <threads> <rate> <jwt> <app token> <users> <password>.
-- Per 40 requests: 13 getAllUserTypes (memory), 13 GET /_me and 13 updateUser (the database), 1 login (bcrypt). Every
-- reply other than a 200 counts as failed, and so does every socket error: the figure a rolling restart must keep at 0.
-- 503s are told apart by their error id: admission control (api.process.overloaded), the database
-- (services.storage.unavailable), or not the service's (HAProxy's own "no server available").
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers, app_token, users, password

function init(args)
  headers, app_token, users, password = bench.init_paced(args)
end

function delay()
  return bench.pace()
end

function request()
  local index = bench.next_index()
  local user = (index - 1) % users + 1
  local slot = index % 40
  if slot < 13 then
    return wrk.format("GET", "/_plugin/Vendor/user/getAllUserTypes?r=" .. index, headers)
  elseif slot < 26 then
    return wrk.format("GET", "/_me", headers)
  elseif slot < 39 then
    local body = '{"email":"' .. bench.seeded(user) .. '","appToken":"' .. app_token .. '",'
      .. '"data":{"city":"City ' .. index .. '"}}'
    return bench.post("/_plugin/Vendor/thirdParty/updateUser", body, headers)
  end
  return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}')
end

-- Any 200 is served (updateUser's body says statusCode 0 too, as the other routes need not); everything else failed.
overloaded, unavailable, foreign = 0, 0, 0

function response(status, headers, body)
  if status ~= 200 or (body:find('"statusCode":', 1, true) and not body:find('"statusCode":0,', 1, true)) then
    errors = errors + 1
    if status == 503 then
      refused = refused + 1
      if body:find("api.process.overloaded", 1, true) then
        overloaded = overloaded + 1
      elseif body:find("services.storage.unavailable", 1, true) then
        unavailable = unavailable + 1
      else
        foreign = foreign + 1
      end
    end
  end
end

local base_done = done

function done(summary, latency, requests)
  base_done(summary, latency, requests)
  local o, u, f = 0, 0, 0
  for _, thread in ipairs(bench_threads()) do
    o = o + thread:get("overloaded")
    u = u + thread:get("unavailable")
    f = f + thread:get("foreign")
  end
  io.write(string.format("STEADY overloaded=%d unavailable=%d foreign=%d\n", o, u, f))
end
