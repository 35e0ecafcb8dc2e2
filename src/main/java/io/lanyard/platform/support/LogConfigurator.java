package io.lanyard.platform.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import net.logstash.logback.composite.loggingevent.ArgumentsJsonProvider;
import net.logstash.logback.composite.loggingevent.LogLevelJsonProvider;
import net.logstash.logback.composite.loggingevent.LoggerNameJsonProvider;
import net.logstash.logback.composite.loggingevent.LoggingEventFormattedTimestampJsonProvider;
import net.logstash.logback.composite.loggingevent.LoggingEventJsonProviders;
import net.logstash.logback.composite.loggingevent.LoggingEventThreadNameJsonProvider;
import net.logstash.logback.composite.loggingevent.MessageJsonProvider;
import net.logstash.logback.composite.loggingevent.StackTraceJsonProvider;
import net.logstash.logback.encoder.LoggingEventCompositeJsonEncoder;

/**
 * The service's logging, set up in code when logback starts (found through {@code META-INF/services}): console lines as text
 * or JSON ({@link LogFormat}), the access log batched ({@link BufferedStdoutAppender}), the root level from
 * {@code LANYARD_LOG_LEVEL}. In code rather than in logback.xml because reading the XML loaded and ran logback's whole
 * configuration language, some 0.2–0.3 s of every start. An operator's own file still wins: with
 * {@code -Dlogback.configurationFile} set, this steps aside and logback reads that file as usual.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfigurator extends ContextAwareBase implements Configurator {

  static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%requestId] %logger{0} - %msg%n";
  static final String LEVEL_ENV = "LANYARD_LOG_LEVEL";

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty("logback.configurationFile") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    boolean json = LogFormat.isJson();
    LogFormat.warnIfUnknown(this);

    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("console");
    console.setEncoder(json ? jsonEncoder(context) : textEncoder(context));
    console.start();

    BufferedStdoutAppender<ILoggingEvent> access = new BufferedStdoutAppender<>();
    access.setContext(context);
    access.setName("access");
    access.setEncoder(json ? jsonEncoder(context) : startedAccessTextEncoder(context));
    access.start();

    context.getLogger("io.netty").setLevel(Level.WARN);
    context.getLogger("io.vertx").setLevel(Level.INFO);
    context.getLogger("org.flywaydb").setLevel(Level.WARN);
    Logger accessLogger = context.getLogger("access");
    accessLogger.setAdditive(false);
    accessLogger.addAppender(access);

    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(rootLevel(System.getenv(LEVEL_ENV)));
    root.addAppender(console);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** {@code LANYARD_LOG_LEVEL}, INFO when unset; a value logback does not know logs at INFO and says so. */
  private Level rootLevel(String configured) {
    if (configured == null || configured.isBlank()) {
      return Level.INFO;
    }
    Level level = Level.toLevel(configured.trim(), null);
    if (level == null) {
      addWarn(LEVEL_ENV + " is \"" + configured + "\"; expected TRACE, DEBUG, INFO, WARN, ERROR or OFF. Logging INFO.");
      return Level.INFO;
    }
    return level;
  }

  private static Encoder<ILoggingEvent> textEncoder(LoggerContext context) {
    PatternLayout layout = new PatternLayout();
    layout.setContext(context);
    layout.getInstanceConverterMap().put("requestId", RequestIdConverter::new);
    layout.setPattern(TEXT_PATTERN);
    layout.start();
    LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
    encoder.setContext(context);
    encoder.setLayout(layout);
    encoder.start();
    return encoder;
  }

  private static Encoder<ILoggingEvent> startedAccessTextEncoder(LoggerContext context) {
    AccessTextEncoder encoder = new AccessTextEncoder();
    encoder.setContext(context);
    encoder.start();
    return encoder;
  }

  /** One JSON object per line: timestamp, level, logger, thread, requestId, message, the arguments' fields, stackTrace. */
  private static Encoder<ILoggingEvent> jsonEncoder(LoggerContext context) {
    LoggingEventJsonProviders providers = new LoggingEventJsonProviders();
    LoggingEventFormattedTimestampJsonProvider timestamp = new LoggingEventFormattedTimestampJsonProvider();
    timestamp.setFieldName("timestamp");
    providers.addTimestamp(timestamp);
    LogLevelJsonProvider level = new LogLevelJsonProvider();
    level.setFieldName("level");
    providers.addLogLevel(level);
    LoggerNameJsonProvider logger = new LoggerNameJsonProvider();
    logger.setFieldName("logger");
    logger.setShortenedLoggerNameLength(36);
    providers.addLoggerName(logger);
    LoggingEventThreadNameJsonProvider thread = new LoggingEventThreadNameJsonProvider();
    thread.setFieldName("thread");
    providers.addThreadName(thread);
    providers.addProvider(new RequestIdJsonProvider());
    providers.addMessage(new MessageJsonProvider());
    providers.addArguments(new ArgumentsJsonProvider());
    StackTraceJsonProvider stackTrace = new StackTraceJsonProvider();
    stackTrace.setFieldName("stackTrace");
    providers.addStackTrace(stackTrace);
    LoggingEventCompositeJsonEncoder encoder = new LoggingEventCompositeJsonEncoder();
    encoder.setContext(context);
    encoder.setProviders(providers);
    encoder.start();
    return encoder;
  }
}
