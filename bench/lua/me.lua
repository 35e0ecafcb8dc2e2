-- GET /_me with a JWT: wrk ... -- <threads> <jwt>. One prepared single-row read per request.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local headers

function init(args)
  bench.init(args)
  headers = bench.bearer(args[2])
end

function request()
  return wrk.format("GET", "/_me?r=" .. bench.next_index(), headers)
end

-- Success: HTTP 200 and the caller's user document (the reply of /_me has no business statusCode).
function response(status, headers, body)
  if status == 200 and body:find('"_id":"', 1, true) then
    return
  end
  errors = errors + 1
  if status == 503 then
    refused = refused + 1
  end
end
