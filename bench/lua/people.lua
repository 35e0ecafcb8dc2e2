-- People logging in during an attack (bench/run's attack scenario), open loop at a fixed rate, each request from an address
-- of its own, as the visitors of a fair come from everywhere: wrk ... -- <threads> <users> <password> <rate/s>.
-- Accounts are bench.seeded(1 .. users), all with the same password (bench/run seeds them); sources are 10.x.y.z behind the
-- trusted proxy, a new one per request, so no per-source rate ever refuses a person.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local users, password, pace

function init(args)
  bench.init(args)
  users = tonumber(args[2])
  password = args[3]
  pace = bench.pacer(tonumber(args[4]))
end

function delay()
  return pace()
end

function request()
  local index = bench.next_index()
  local user = (index - 1) % users + 1
  local source = string.format("10.%d.%d.%d", math.floor(index / 65536) % 256, math.floor(index / 256) % 256, index % 256)
  return bench.post("/_login/local", '{"username":"' .. bench.seeded(user) .. '","password":"' .. password .. '"}',
    bench.from(source))
end
