# Lanyard in a container. Not built here (no Docker engine on the development machines): kept minimal and conventional.

# Build stage: the fat jar. The tests need PostgreSQL and run in CI (`mvn -B verify`), not here.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
RUN mvn -B -q dependency:go-offline -Dlanyard.skipPostgres=true
COPY conf conf
COPY scripts scripts
COPY src src
RUN mvn -B -q package -DskipTests -Dlanyard.skipPostgres=true -Dlanyard.skipCds=true

# Runtime stage: a JRE (no JDK, no Maven) and the jar, run by an unprivileged user.
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --no-create-home --home-dir /app --shell /usr/sbin/nologin lanyard
WORKDIR /app
COPY --from=build /src/target/lanyard.jar /app/lanyard.jar
USER 10001
# Every setting comes from LANYARD_* environment variables (README, Configuration); secrets too: LANYARD_DB_PASSWORD,
# LANYARD_SMTP_PASSWORD, LANYARD_JWT_SECRET (unset: generated once and kept in the database, encrypted with
# LANYARD_JWT_SECRET_KEY, which is then required), each also as a *_FILE naming a file (container secrets).
# The jar's metrics listen on loopback by default; a container's loopback is unreachable from outside it, so the image
# listens on every interface of the container and leaves the exposure to where 7513 is published (compose: the host's
# loopback only).
ENV LANYARD_HTTP_PORT=7512 \
    LANYARD_METRICS_PORT=7513 \
    LANYARD_METRICS_HOST=0.0.0.0
# 7512: the API (put it behind the load balancer); 7513: GET /metrics for Prometheus (keep it off the public network).
EXPOSE 7512 7513
# The image has no curl: the jar asks the service itself (`health` reads the same LANYARD_* settings to find the port) and
# exits 0 only on a 200 from GET /_healthCheck. A small, short-lived JVM.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx48m", "-jar", "/app/lanyard.jar", "health"]
# SIGTERM stops it gracefully (requests in flight finish within LANYARD_HTTP_SHUTDOWN_TIMEOUT), exit 0.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/lanyard.jar"]
