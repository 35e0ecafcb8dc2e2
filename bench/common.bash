# bench/common.bash — what bench/run and bench/sizing-check share; sourced, never run. The script that sources it defines
# log and die, and sets ROOT, BENCH, WORK, DB_NAME, JAR, PASSWORD, MAIL_WAIT and PGHOST, PGPORT, PGUSER first.

stop_pid() { # pid, seconds to wait after SIGTERM before SIGKILL
  local pid=$1 grace=$2
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((grace * 5))); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -KILL "$pid" 2>/dev/null || true
}

install_packages() { # debian packages
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  log "installing $*"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

sql() { psql -d "$DB_NAME" -qAt -v ON_ERROR_STOP=1 "$@"; }

# GreenMail as the SMTP sink, fetched from Maven Central once (bench/.cache): sets SMTP_PORT, SINK (its API) and SINK_PID.
start_greenmail() {
  local version jar api_port
  version=$(sed -n 's:.*<greenmail.version>\(.*\)</greenmail.version>.*:\1:p' "$ROOT/pom.xml")
  jar="$BENCH/.cache/greenmail-standalone-$version.jar"
  if [ ! -f "$jar" ]; then
    log "fetching greenmail-standalone $version"
    mvn -B -q dependency:copy -Dartifact="com.icegreen:greenmail-standalone:$version" \
      -DoutputDirectory="$BENCH/.cache" >"$WORK/fetch.log" 2>&1 || { tail -20 "$WORK/fetch.log" >&2; die "fetching GreenMail"; }
  fi
  SMTP_PORT=$(free_port)
  api_port=$(free_port)
  log "starting GreenMail (SMTP $SMTP_PORT, API $api_port)"
  java -Xmx1g -Dgreenmail.smtp.hostname=127.0.0.1 -Dgreenmail.smtp.port="$SMTP_PORT" \
    -Dgreenmail.api.hostname=127.0.0.1 -Dgreenmail.api.port="$api_port" -Dgreenmail.auth.disabled \
    -jar "$jar" >"$WORK/greenmail.log" 2>&1 &
  SINK_PID=$!
  SINK="http://127.0.0.1:$api_port"
  for _ in $(seq 1 100); do
    curl -sf "$SINK/api/service/readiness" >/dev/null 2>&1 && break
    kill -0 "$SINK_PID" 2>/dev/null || die "GreenMail did not start (see $WORK/greenmail.log)"
    sleep 0.3
  done
  curl -sf "$SINK/api/service/readiness" >/dev/null || die "GreenMail is not ready"
}

# The settings every instance of a bench shares: public URL (the OpenID Connect issuer), bcrypt cost, sources allow-listed
# beside the load generator's own (127.0.0.1).
service_environment() { # public URL, bcrypt cost, more allow-listed sources
  export LANYARD_DB_URI="postgresql://$PGUSER@$PGHOST:$PGPORT/$DB_NAME"
  export LANYARD_DB_CREATE_DATABASE=true
  export LANYARD_HTTP_HOST=127.0.0.1
  export LANYARD_BCRYPT_COST="$2"
  # below cost 10 the service refuses to start unless told this is not a deployment
  [ "$2" -ge 10 ] || export LANYARD_ALLOW_WEAK_BCRYPT_COST=true
  export LANYARD_SMTP_HOST=127.0.0.1 LANYARD_SMTP_PORT="$SMTP_PORT"
  # Every scenario's load comes from this machine, as a fair's visitors come from its venue: the load generator is a
  # trusted proxy (the attack scenario's sources come in X-Forwarded-For), and its own address is allow-listed, so the
  # per-source rates do not refuse the other scenarios' load (docs/security.md, "Under attack").
  export LANYARD_HTTP_TRUSTED_PROXIES=127.0.0.1 LANYARD_SOURCE_ALLOWLIST="127.0.0.1,::1${3:+,$3}"
  LANYARD_JWT_SECRET=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
  export LANYARD_JWT_SECRET
  # the OpenID Connect provider (docs/oidc.md): on with its issuer; its ES256 key generated and kept under this key
  export LANYARD_PUBLIC_URL="$1"
  LANYARD_JWT_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
  export LANYARD_JWT_SECRET_KEY
  unset LANYARD_CONFIG
}

# Creates and migrates the fresh database (the other commands refuse a missing one, so the service's start after it is the
# one on an already-migrated database), then seeds it with the CLI: the application "bench" (APP_TOKEN), its templates,
# user types, synthetic accounts (loadtest.invalid): bench-a<n> active with $PASSWORD, bench-p<n> pending, their link
# tokens in $WORK/users.csv.
seed_database() { # active accounts, pending accounts
  log "seeding $DB_NAME: application, templates, user types, $1 accounts, $2 activation links"
  DB_CREATED=yes
  java -jar "$JAR" migrate >"$WORK/cli.log" 2>&1 || die "migrate (see $WORK/cli.log)"
  APP_TOKEN=$(java -jar "$JAR" apps create --name bench --can-create-users --user-scope any \
    --link-url 'https://fair.example/activate?token={token}&lang={language}' 2>>"$WORK/cli.log" | tail -n 1)
  [ -n "$APP_TOKEN" ] || die "apps create (see $WORK/cli.log)"
  printf 'Hello {{email}}, open {{link}} to finish your registration for the fair.\n' >"$WORK/link.txt"
  printf '<p>Hello {{email}}, <a href="{{link}}">finish your registration</a> for the fair.</p>\n' >"$WORK/link.html"
  printf 'Welcome {{firstname}} <{{email}}>, your account for the fair is ready.\n' >"$WORK/welcome.txt"
  java -jar "$JAR" templates set --app bench --kind account_link --language eng-GB --subject 'Your account for the fair' \
    --text-file "$WORK/link.txt" --html-file "$WORK/link.html" >>"$WORK/cli.log" 2>&1 || die "templates set (see $WORK/cli.log)"
  java -jar "$JAR" templates set --app bench --kind welcome --language eng-GB --subject 'Welcome to the fair' \
    --text-file "$WORK/welcome.txt" >>"$WORK/cli.log" 2>&1 || die "templates set (see $WORK/cli.log)"
  java -jar "$JAR" user-types set visitor exhibitor press speaker >>"$WORK/cli.log" 2>&1 || die "user-types set"
  java -jar "$JAR" users seed --synthetic --active "$1" --pending "$2" --password "$PASSWORD" --prefix bench- \
    --out "$WORK/users.csv" >>"$WORK/cli.log" 2>&1 || die "users seed (see $WORK/cli.log)"
  sql -c "ANALYZE users; ANALYZE account_links" >/dev/null
}

# Starts an instance of the service (its port, JVM options, log file) and waits until it says it is ready: sets
# STARTED_PID, STARTED_INSTANCE (PID:metrics port, what the cost windows read) and READY_MS (start to ready).
start_service() {
  local port=$1 options=$2 logfile=$3 metrics_port
  metrics_port=$(free_port)
  # shellcheck disable=SC2086 # the JVM options are a list
  LANYARD_HTTP_PORT=$port LANYARD_METRICS_PORT=$metrics_port java $options -jar "$JAR" >"$logfile" 2>&1 &
  STARTED_PID=$!
  STARTED_INSTANCE=$STARTED_PID:$metrics_port
  for _ in $(seq 1 300); do
    grep -q 'Lanyard ready on port' "$logfile" && break
    kill -0 "$STARTED_PID" 2>/dev/null || { tail -20 "$logfile" >&2; die "the service did not start"; }
    sleep 0.2
  done
  READY_MS=$(sed -n 's/.*Lanyard ready on port [0-9]* in \([0-9]*\) ms.*/\1/p' "$logfile" | head -n 1)
  [ -n "$READY_MS" ] || die "the service was not ready within 60 s"
}

# Waits until the outbox has sent everything queued, at most MAIL_WAIT seconds: sets OUTBOX_PENDING (mails still pending)
# and OUTBOX_WAITED (seconds).
await_outbox() {
  OUTBOX_WAITED=0
  while :; do
    OUTBOX_PENDING=$(sql -c "SELECT count(*) FROM mail_outbox WHERE status = 'pending'")
    [ "$OUTBOX_PENDING" -eq 0 ] || [ "$OUTBOX_WAITED" -ge "$MAIL_WAIT" ] && break
    sleep 1
    OUTBOX_WAITED=$((OUTBOX_WAITED + 1))
  done
}

# ---------------------------------------------------------------------------------------------- what a request costs
# Over a window of load (docs/operating.md#sizing): the CPU seconds of the service's instances and of PostgreSQL, the
# requests the instances answered with 200 (their /metrics: wrk leaves the requests in flight when its time is up, and
# the service still does their work, a login's bcrypt too), the WAL written, this database's commits, the transactions
# that wrote (transaction ids handed out), the WAL syncs. PostgreSQL's
# CPU is read from /proc, so only where the server runs on this machine; elsewhere it reads 0. The WAL, the transaction ids
# and the syncs are the whole cluster's: other databases' work meanwhile counts too, so every window also counts the
# transactions of the other databases (a bench's figures are clean where that is 0).

CLK_TCK=$(getconf CLK_TCK)

# The postmaster: the parent of the checkpointer, which every cluster has. Empty when the server is not on this machine.
postmaster_pid() {
  local pid
  pid=$(sql -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'" 2>/dev/null || true)
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] || return 0
  awk '{ sub(/^.*\) /, ""); print $2 }' "/proc/$pid/stat"
}

# One line of counters: CPU ticks of the given instances; of the PostgreSQL processes that serve this database (its
# backends, the postmaster, and the cluster's background processes: WAL writer, checkpointer, ...); of the whole cluster
# (every process of it, and those that exited, the postmaster's cutime and cstime); the WAL position in bytes; this
# database's commits; the next transaction id; the WAL syncs; the other databases' transactions; the instances' 200
# responses (health checks aside); the time; the load.
cost_snapshot() { # instances (PID:metrics port)...
  local db own service pg instance responses=0
  db=$(sql -F ' ' -c "SELECT pg_current_wal_lsn() - '0/0'::pg_lsn,
      (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
      pg_snapshot_xmax(pg_current_snapshot())::text::bigint, (SELECT wal_sync FROM pg_stat_wal),
      (SELECT coalesce(sum(xact_commit + xact_rollback), 0) FROM pg_stat_database WHERE datname <> current_database()),
      (SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE datname IS NULL OR datname = current_database())" \
    2>/dev/null || echo "0 0 0 0 0 -")
  own=${db##* }
  service=$(for instance in "$@"; do cat "/proc/${instance%:*}/stat" 2>/dev/null; done \
    | awk '{ sub(/^.*\) /, ""); ticks += $12 + $13 } END { print ticks + 0 }')
  for instance in "$@"; do
    responses=$((responses + $(curl -s --max-time 5 "http://127.0.0.1:${instance#*:}/metrics" \
      | awk '/^vertx_http_server_requests_total\{/ && /code="200"/ && !/route="\/_healthCheck"/ { n += $NF }
             END { printf "%d", n }')))
  done
  # shellcheck disable=SC2002 # cat: /proc/*/stat of processes that exit meanwhile are passed over quietly
  pg=$(cat /proc/[0-9]*/stat 2>/dev/null | awk -v postmaster="${POSTMASTER_PID:--1}" -v own=",$own," '
    { pid = $1; sub(/^.*\) /, "") }
    pid == postmaster { cluster += $12 + $13 + $14 + $15; mine += $12 + $13; next }
    $2 == postmaster { cluster += $12 + $13; if (index(own, "," pid ",")) mine += $12 + $13 }
    END { print mine + 0, cluster + 0 }')
  echo "$service $pg ${db% *} $responses $(date +%s.%N) $(cut -d' ' -f1 /proc/loadavg)"
}

COST_COUNTERS=(service_ticks pg_ticks pg_cluster_ticks wal_bytes commits xids wal_syncs other_xacts responses seconds)
# <key>.<counter>: sums over the key's windows; <key>.flows, .errors (from the load generator), .load_before, .load_after
declare -A COST
COST_KEYS=()           # in the order first measured
COST_OPEN="" COST_START="" COST_PIDS=()

# A scenario's key: its name, or name#2, #3 ... when a window of that name was measured already (a scenario listed twice in
# BENCH_SCENARIOS: the first run warms the JIT up, and bench/sizing takes the last).
cost_key() {
  local key=$1 n=1
  while [ -n "${COST[$key.seconds]:-}" ] || [ "$key" = "$COST_OPEN" ]; do n=$((n + 1)); key="$1#$n"; done
  echo "$key"
}

cost_begin() { # key, instances (PID:metrics port)...: opens a window, closing the one open
  cost_end
  COST_OPEN=$1
  shift
  COST_PIDS=("$@")
  COST_START=$(cost_snapshot "$@")
}

# Closes the open window, if any: the counters' changes are added to its key.
cost_end() {
  [ -n "$COST_OPEN" ] || return 0
  local key=$COST_OPEN end i
  end=$(cost_snapshot "${COST_PIDS[@]}")
  COST_OPEN=""
  local -a before after
  read -r -a before <<<"$COST_START"
  read -r -a after <<<"$end"
  if [ -z "${COST[$key.seconds]:-}" ]; then
    COST_KEYS+=("$key")
    COST[$key.load_before]=${before[10]}
  fi
  COST[$key.load_after]=${after[10]}
  for i in "${!COST_COUNTERS[@]}"; do
    COST[$key.${COST_COUNTERS[$i]}]=$(awk -v sum="${COST[$key.${COST_COUNTERS[$i]}]:-0}" -v a="${before[$i]}" \
      -v b="${after[$i]}" 'BEGIN { printf "%.3f", sum + b - a }')
  done
}

# What the load generator counted in a key's window: requests that failed, and, where one "request" is a flow of several
# (the Java load generators, which wait for the flows in flight), the flows that succeeded: the key's costs are then per
# flow rather than per 200 response.
cost_counted() { # key, requests that failed[, flows that succeeded]
  COST[$1.errors]=$(( ${COST[$1.errors]:-0} + $2 ))
  [ -z "${3:-}" ] || COST[$1.flows]=$(( ${COST[$1.flows]:-0} + $3 ))
}

# The costs as a tab-separated table: a header, then per key the requests served (the instances' 200 responses, or the
# flows the load generator counted), the requests that failed, the window's seconds, and per request served the service's
# CPU milliseconds, PostgreSQL's (pg_ms: the whole cluster's where no other database ran more than a transaction a second
# in the window nor in the idle one, pg_scope "cluster", so that autovacuum workers and connections that came and went count too; otherwise
# only the processes that serve this database, "database", also given apart as pg_database_ms), WAL bytes, commits, writing
# transactions, WAL syncs; then the other databases' transactions (a database dropped meanwhile counts its own), the load
# average before and after, and what a request is. The key "idle" (a window without load) gives the same per second
# instead, and is taken off every other key's window (idle × its seconds) first: heartbeats and pollers cost what they
# cost whatever the load, which bench/sizing counts per instance. Figures below 0 after that (noise) are written as 0.
cost_table() {
  local key counter values
  printf 'scenario\tserved\terrors\tseconds\tservice_ms\tpg_ms\tpg_scope\tpg_database_ms\twal_bytes\tcommits\twrite_xacts'
  printf '\twal_syncs\tother_db_xacts\tload_before\tload_after\tunit\n'
  for key in "${COST_KEYS[@]}"; do
    values=""
    for counter in "${COST_COUNTERS[@]}"; do values="$values ${COST[$key.$counter]} ${COST[idle.$counter]:-0}"; done
    awk -v key="$key" -v flows="${COST[$key.flows]:-}" -v errors="${COST[$key.errors]:-0}" -v hz="$CLK_TCK" \
      -v values="$values" -v before="${COST[$key.load_before]}" -v after="${COST[$key.load_after]}" 'BEGIN {
        # pairs (this window, idle) of: ticks, pg ticks, cluster ticks, wal, commits, xids, syncs, others, responses, seconds
        n = split(values, v, " ")
        for (i = 1; i < n; i += 2) { own[(i + 1) / 2] = v[i]; idle[(i + 1) / 2] = v[i + 1] }
        for (i = 8; i <= 8; i++) { if (own[i] < 0) own[i] = -own[i]; if (idle[i] < 0) idle[i] = -idle[i] }
        seconds = own[10]
        served = key == "idle" ? 0 : flows != "" ? flows : own[9]
        per = key == "idle" ? seconds : served
        for (i = 1; i <= 7; i++) {
          net = key == "idle" || idle[10] == 0 ? own[i] : own[i] - idle[i] / idle[10] * seconds
          cost[i] = net > 0 && per > 0 ? net / per : 0
        }
        # another database busy: more than a transaction a second (autovacuum alone runs a few a minute)
        cluster = own[8] <= seconds && idle[8] <= idle[10]
        printf "%s\t%d\t%d\t%.1f\t%.4f\t%.4f\t%s\t%.4f\t%.1f\t%.4f\t%.4f\t%.4f\t%d\t%s\t%s\t%s\n", key, served, errors,
          seconds, 1000 * cost[1] / hz, 1000 * cost[cluster ? 3 : 2] / hz, cluster ? "cluster" : "database",
          1000 * cost[2] / hz, cost[4], cost[5], cost[6], cost[7], own[8], before, after,
          key == "idle" ? "second" : flows != "" ? "flow" : "request" }'
  done
}

# The costs table (cost_table's) as Markdown, with the idle window and the windows other databases shared in notes.
cost_report() { # costs.tsv
  echo
  echo "## Cost per request"
  echo
  echo "Per request served (a 200 response; for the OpenID Connect and passkey scenarios a complete flow), net of the" \
    "idle window (what the instance costs without requests, over the same seconds): CPU milliseconds of the service and" \
    "of PostgreSQL (every process of the cluster, those that exited included), WAL bytes, commits of this database" \
    "(read-only ones included; counted by PostgreSQL's statistics, which lag up to a second), writing commits (transaction" \
    "ids handed out) and WAL syncs (fsyncs) of the cluster. A window closes once the outbox has sent the mail its" \
    "scenario queued. A cluster that nothing else uses gives clean figures (docs/operating.md#sizing)."
  echo
  echo "| scenario | served | service CPU ms | PostgreSQL CPU ms | WAL bytes | commits | writing commits | WAL syncs | load |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
  awk -F '\t' 'NR > 1 && $1 != "idle" {
    printf "| %s%s | %d | %.3f | %.3f%s | %.0f | %.2f | %.2f | %.2f | %s → %s |\n", $1, $16 == "flow" ? " (flows)" : "", $2, $5,
      $6, $7 == "cluster" ? "" : " *", $9, $10, $11, $12, $14, $15 }' "$1"
  echo
  [ -n "${POSTMASTER_PID:-}" ] || echo "- PostgreSQL is not on this machine: its CPU is not measured (0 above)"
  awk -F '\t' '$1 == "idle" {
    printf "- idle (%.0f s, no request): the service %.2f ms of CPU a second, PostgreSQL %.2f ms, %.0f WAL bytes, %.2f writing" \
      " commits and %.2f WAL syncs a second\n", $4, $5, $6, $9, $11, $12 }' "$1"
  awk -F '\t' 'NR > 1 && $13 > $4 {
    printf "- %s: other databases of the cluster ran %d transactions in its window: its WAL, writing commits and syncs" \
      " count theirs too\n", $1, $13 }' "$1"
  awk -F '\t' 'NR > 1 && $7 == "database" { n++ } END { if (n) print "- * other databases of the cluster were busy: PostgreSQL" \
    " CPU counts only the processes serving this one (its backends, the postmaster, the background processes), not" \
    " autovacuum workers or connections that came and went" }' "$1"
}

# Where a process's CPU goes, by kind of thread: one line of CPU ticks, "hash loop gc jit other", from the threads alive
# now (/proc/PID/task/*/stat, the JVM's thread names as the kernel keeps them: 15 characters). hash: the bcrypt threads;
# loop: the event loops; gc: the collector's threads and the VM thread (the serial collector runs in the VM thread); jit:
# the compiler threads; other: the rest (workers, the PostgreSQL client's and the access log's threads, ...). Threads that
# exit meanwhile take their ticks with them: the kinds counted here live as long as the service.
thread_ticks() { # pid
  cat /proc/"$1"/task/[0-9]*/stat 2>/dev/null | awk '
    { name = $0; sub(/^[^(]*\(/, "", name); sub(/\)[^)]*$/, "", name); sub(/^.*\) /, ""); ticks = $12 + $13 }
    name ~ /^lanyard-bcrypt/ { hash += ticks; next }
    name ~ /^vert\.x-eventlo/ { loop += ticks; next }
    name ~ /^(VM Thread|GC Thread|G1 |VM Periodic)/ { gc += ticks; next }
    name ~ /CompilerThre/ { jit += ticks; next }
    { other += ticks }
    END { printf "%d %d %d %d %d\n", hash, loop, gc, jit, other }'
}

# A process's CPU ticks, user and system (/proc/PID/stat).
process_ticks() { # pid
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
}

# The whole machine's CPU ticks: busy and all (/proc/stat's first line; idle and I/O wait are not busy).
machine_ticks() {
  awk '$1 == "cpu" { for (i = 2; i <= 9; i++) all += $i; print all - $5 - $6, all; exit }' /proc/stat
}
