# Build stage: the fat jar.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
RUN mvn -B -q dependency:go-offline -Dlanyard.skipPostgres=true
COPY conf conf
COPY scripts scripts
COPY src src
RUN mvn -B -q package -DskipTests -Dlanyard.skipPostgres=true

# Runtime stage: a JRE and the jar, as a non-root user.
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --home /app lanyard
WORKDIR /app
COPY --from=build /src/target/lanyard.jar /app/lanyard.jar
USER lanyard
EXPOSE 7512
# Configuration comes from LANYARD_* environment variables (see README).
ENTRYPOINT ["java", "-jar", "/app/lanyard.jar"]
