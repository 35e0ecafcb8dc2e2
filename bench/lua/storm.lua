-- A login storm paced to an offered rate (twice the hash bound, from bench/run): wrk ... -- <threads> <users> <password>
-- <connections> <rate/s>. wrk is closed-loop; each connection waits connections/rate seconds on average before each
-- request (drawn at random, so connections do not fire in step), and the whole offers about <rate> logins a second (less
-- while admitted logins are slow to answer).
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local users, password, pause_ms

function init(args)
  bench.init(args)
  users = tonumber(args[2])
  password = args[3]
  pause_ms = 1000 * tonumber(args[4]) / tonumber(args[5])
  math.randomseed(thread_id * 104729)
end

-- Defined at the top level: wrk decides from its main state whether the script paces its requests.
function delay()
  return math.floor(math.random() * 2 * pause_ms)
end

function request()
  local user = (bench.next_index() - 1) % users + 1
  return bench.post("/_login/local", '{"username":"u' .. user .. '@bench.example","password":"' .. password .. '"}')
end
