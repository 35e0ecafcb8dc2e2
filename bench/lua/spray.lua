-- One attacker spraying wrong passwords (bench/run's attack scenario), open loop at a fixed rate, all from one address:
-- wrk ... -- <threads> <rate/s> <source>. A new login name each time, as a password sprayer goes, so the per-identifier
-- lockout never steps in and only the per-source limits (the rate, the share of the hash queue) stand in the way.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local pace, source

function init(args)
  bench.init(args)
  pace = bench.pacer(tonumber(args[2]))
  source = args[3]
end

function delay()
  return pace()
end

function request()
  return bench.post("/_login/local", '{"username":"spray-' .. bench.next_index() .. '@attack.example","password":"Winter2026!"}',
    bench.from(source))
end
