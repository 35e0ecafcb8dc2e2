-- The bare Vert.x ceiling (bench/Ceiling.java): the same request as types.lua, answered with a fixed copy of its reply.
package.path = os.getenv("BENCH_LUA_DIR") .. "/?.lua;" .. package.path
dofile(os.getenv("BENCH_LUA_DIR") .. "/types.lua")
