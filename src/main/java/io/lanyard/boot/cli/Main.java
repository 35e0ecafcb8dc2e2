package io.lanyard.boot.cli;


/** The jar's entry: the service when no command is given, else an operator command (see {@link LanyardCommand}). */
public final class Main {

  /** Netty reads these once, when its first buffer is made: set before anything else runs. */
  private static final String NETTY_ALLOCATOR = "io.netty.allocator.type";
  private static final String NETTY_JFR = "io.netty.jfr.enabled";

  private Main() {
  }

  public static void main(String[] args) {
    // Netty's default (adaptive) allocator gives no event loop buffers of its own when the heap is 512 MiB or less, as a
    // service run with -Xmx256m has: both loops then take every read and reply buffer from shared pools and contend for them
    // (half a microsecond of user CPU per token read, on 2 cores). The pooled allocator caches per event loop whatever the
    // heap. An operator's own -Dio.netty.allocator.type still wins.
    if (System.getProperty(NETTY_ALLOCATOR) == null) {
      System.setProperty(NETTY_ALLOCATOR, "pooled");
    }
    // Netty's allocator events for Java Flight Recorder load JFR's own machinery (a hundred classes, some 0.1 s of a start on
    // 2 cores) whether a recording ever runs or not. Whoever records the service with JFR can ask for them with
    // -Dio.netty.jfr.enabled=true.
    if (System.getProperty(NETTY_JFR) == null) {
      System.setProperty(NETTY_JFR, "false");
    }
    int exitCode = args.length == 0 ? LanyardCommand.serve(System.getenv()) : LanyardCommand.commandLine().execute(args);
    if (exitCode != LanyardCommand.SERVING) {
      System.exit(exitCode);
    }
  }
}
