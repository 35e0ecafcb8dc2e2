-- Login of seeded accounts, a different one per request: wrk ... -- <threads> <users> <password>.
-- Accounts are bench.seeded(1 .. users), all with the same password (bench/run seeds them).
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local users, password

function init(args)
  bench.init(args)
  users = tonumber(args[2])
  password = args[3]
end

function request()
  local user = (bench.next_index() - 1) % users + 1
  return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}')
end
