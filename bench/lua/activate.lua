-- Activation of seeded pending accounts, one link each request: wrk ... -- <threads> <password> <users.csv>.
-- The link tokens are those `users seed --synthetic` wrote to users.csv (email,status,token); only their SHA-256 is stored.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
local bench = require("common")

local password
local tokens = {}

function init(args)
  bench.init(args)
  password = args[2]
  for line in io.lines(args[3]) do
    local token = line:match("^[^,]+,pending,(.+)$")
    if token then
      table.insert(tokens, token)
    end
  end
end

function request()
  -- past the last seeded link, tokens repeat: those activations answer 191 and count as errors, as any used link would
  local token = tokens[(bench.next_index() - 1) % #tokens + 1]
  return bench.post("/_plugin/Vendor/user/activate", '{"token":"' .. token .. '","password":"' .. password .. '"}')
end
