-- wrk: journey starts (POST authenticate with {} for the Login journey).
wrk.method = "POST"
wrk.body = "{}"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept-API-Version"] = "resource=2.1, protocol=1.0"
