-- Activation of seeded pending accounts, one link each request: wrk ... -- <threads> <password>.
-- bench/run seeds the links of tokens "bench-activation-token-<n>" (their SHA-256 stored, as the service stores them).
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local password

function init(args)
  bench.init(args)
  password = args[2]
end

function request()
  local body = '{"token":"bench-activation-token-' .. bench.next_index() .. '","password":"' .. password .. '"}'
  return bench.post("/_plugin/Vendor/user/activate", body)
end
