-- wrk: a full two-step login per connection: start, then echo the step back with the
-- username and password filled, carrying the authId. Each request is one round trip.
local startPath = "/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login"
local pending = nil

request = function()
  local headers = { ["Content-Type"] = "application/json", ["Accept-API-Version"] = "resource=2.1, protocol=1.0" }
  if pending then
    local body = pending
    pending = nil
    return wrk.format("POST", startPath, headers, body)
  end
  return wrk.format("POST", startPath, headers, "{}")
end

response = function(status, headers, body)
  local authId = body:match('"authId"%s*:%s*"([^"]+)"')
  if authId and body:find("PasswordCallback", 1, true) then
    pending = '{"authId":"' .. authId .. '","callbacks":[' ..
      '{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":"demo"}],"_id":0},' ..
      '{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":"Ch4ng3it!"}],"_id":1}]}'
  end
end
