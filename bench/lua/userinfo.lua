-- GET /oidc/userinfo with a client's access token: wrk ... -- <threads> <access token>. The token's check from memory, then
-- the account's claims read with the others asked for at the same moment, as /_me (docs/performance.md: userinfo at least as fast as /_me).
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
end

function request()
  return wrk.format("GET", "/oidc/userinfo?r=" .. bench.next_index(), headers)
end

-- Success: HTTP 200 and the claims, sub always.
function response(status, headers, body)
  if status == 200 and body:find('"sub":"', 1, true) then
    return
  end
  errors = errors + 1
  if status == 503 then
    refused = refused + 1
  end
end
