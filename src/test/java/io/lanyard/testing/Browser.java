package io.lanyard.testing;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, driven through its chromedriver (installed by {@code scripts/ensure-browser}; nothing is
 * downloaded: both are named by path, so Selenium Manager never runs). A test opens pages, types and clicks as a person
 * would, waits for what it expects with explicit waits (never a sleep), checks a page with axe-core and saves screenshots
 * under {@code target/screenshots/}.
 */
public final class Browser implements AutoCloseable {

  /** A phone held upright, and a laptop. */
  public static final Dimension PHONE = new Dimension(360, 740);
  public static final Dimension DESKTOP = new Dimension(1280, 900);

  private static final int MIN_WINDOW_WIDTH = 500;
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Duration WAIT = Duration.ofSeconds(15);
  private static final List<String> BLOCKING_IMPACTS = List.of("serious", "critical");

  /**
   * Kept, so the level holds: Selenium warns at every start that it has no DevTools bindings for this Chromium version,
   * which these tests never use.
   */
  private static final java.util.logging.Logger SELENIUM_LOG = quiet("org.openqa.selenium");

  private final ChromeDriver driver;
  private final WebDriverWait wait;

  private Browser(ChromeDriver driver) {
    this.driver = driver;
    this.wait = new WebDriverWait(driver, WAIT);
  }

  /** @param acceptLanguage what the browser asks for ({@code en-GB,en}, {@code fr-FR,fr}) */
  public static Browser start(Dimension window, String acceptLanguage) {
    return start(window, acceptLanguage, true);
  }

  /** A browser whose pages run no script, as a person who turned JavaScript off (WebDriver's own scripts still run). */
  public static Browser startWithoutScript(Dimension window, String acceptLanguage) {
    return start(window, acceptLanguage, false);
  }

  private static Browser start(Dimension window, String acceptLanguage, boolean runsScript) {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(executable("chromium").toFile());
    options.addArguments("--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
      "--window-size=" + window.getWidth() + "," + window.getHeight(), "--lang=" + acceptLanguage.split(",")[0]);
    if ("root".equals(System.getProperty("user.name"))) {
      options.addArguments("--no-sandbox");   // Chromium refuses to start its sandbox as root
    }
    options.setExperimentalOption("prefs", runsScript ? Map.of("intl.accept_languages", acceptLanguage)
      : Map.of("intl.accept_languages", acceptLanguage, "profile.managed_default_content_settings.javascript", 2));
    if (window.getWidth() < MIN_WINDOW_WIDTH) {
      // a desktop window is never narrower than 500 px: a phone's width is emulated, as the browser's device mode does
      options.setExperimentalOption("mobileEmulation", Map.of("deviceMetrics",
        Map.of("width", window.getWidth(), "height", window.getHeight(), "pixelRatio", 1.0, "touch", true)));
    }
    ChromeDriverService service = new ChromeDriverService.Builder()
      .usingDriverExecutable(executable("chromedriver").toFile()).usingAnyFreePort().build();
    return new Browser(new ChromeDriver(service, options));
  }

  public void open(String url) {
    driver.get(url);
  }

  /** Opens {@code url} in a new tab of the same browser (its cookies), which becomes the one the test looks at. */
  public void openInNewTab(String url) {
    driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
    driver.get(url);
  }

  /** Closes the tab the test looks at and goes back to the first one, which comes to the front again. */
  public void closeTab() {
    driver.close();
    driver.switchTo().window(driver.getWindowHandles().iterator().next());
  }

  /** The address the browser is at. */
  public String currentUrl() {
    return driver.getCurrentUrl();
  }

  public String title() {
    return driver.getTitle();
  }

  public WebElement find(By by) {
    return wait.until(ExpectedConditions.visibilityOfElementLocated(by));
  }

  public List<WebElement> findAll(By by) {
    return driver.findElements(by);
  }

  /** Waits until the page's first heading reads {@code text}: how a test knows the next page has arrived. */
  public WebElement awaitHeading(String text) {
    wait.until(ExpectedConditions.textToBe(By.tagName("h1"), text));
    return driver.findElement(By.tagName("h1"));
  }

  /** Clicks, then waits until the browser has left the page it was on (the next page may look the same: a form again). */
  public void clickAndAwaitNextPage(By by) {
    WebElement page = driver.findElement(By.tagName("html"));
    find(by).click();
    wait.until(left(page));
    find(By.tagName("h1"));
  }

  /** Presses keys in the focused element, then waits until the browser has left the page (Enter sending a form). */
  public void typeAndAwaitNextPage(CharSequence... keys) {
    WebElement page = driver.findElement(By.tagName("html"));
    focused().sendKeys(keys);
    wait.until(left(page));
    find(By.tagName("h1"));
  }

  /**
   * True once {@code page} is no longer the browser's document. Chromium says so in two ways, depending on when it is asked
   * during the navigation: a stale element, or "Node with given id does not belong to the document" (a plain
   * WebDriverException, which {@code ExpectedConditions.stalenessOf} lets through and so failed a test once).
   */
  private static ExpectedCondition<Boolean> left(WebElement page) {
    return driver -> {
      try {
        page.isEnabled();
        return false;
      } catch (StaleElementReferenceException gone) {
        return true;
      } catch (WebDriverException failure) {
        if (String.valueOf(failure.getMessage()).contains("does not belong to the document")) {
          return true;
        }
        throw failure;
      }
    };
  }

  public String heading() {
    return find(By.tagName("h1")).getText();
  }

  /** The element that has the keyboard focus. */
  public WebElement focused() {
    return driver.switchTo().activeElement();
  }

  public String htmlLang() {
    return driver.findElement(By.tagName("html")).getAttribute("lang");
  }

  /** Whether the page is wider than the window: something a phone would have to scroll sideways to read. */
  public boolean scrollsSideways() {
    Object overflow = ((JavascriptExecutor) driver).executeScript(
      "return document.documentElement.scrollWidth > document.documentElement.clientWidth;");
    return Boolean.TRUE.equals(overflow);
  }

  public long viewportWidth() {
    return (Long) ((JavascriptExecutor) driver).executeScript("return window.innerWidth;");
  }

  /** axe-core's serious and critical violations of the page, one line each (empty: none). */
  public List<String> accessibilityViolations() {
    return axeViolations().stream().filter(rule -> BLOCKING_IMPACTS.contains(rule.getImpact())).map(Browser::describe).toList();
  }

  /** axe-core's violations of the page whatever their impact, minor and moderate too, one line each (empty: none). */
  public List<String> everyAccessibilityViolation() {
    return axeViolations().stream().map(Browser::describe).toList();
  }

  private List<Rule> axeViolations() {
    Results results = new AxeBuilder().analyze(driver);
    if (results.isErrored()) {
      throw new AssertionError("axe-core failed: " + results.getErrorMessage());
    }
    return results.getViolations();
  }

  /** Saves the visible page as {@code target/screenshots/<name>.png}. */
  public Path screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path file = SCREENSHOTS.resolve(name + ".png");
      Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A virtual authenticator, as a phone's platform authenticator would be: it keeps discoverable credentials, verifies its
   * user (a PIN or a fingerprint, always given) and answers at once. Removed when the browser closes.
   */
  public VirtualAuthenticator addPlatformAuthenticator() {
    return driver.addVirtualAuthenticator(new VirtualAuthenticatorOptions()
      .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
      .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
      .setHasResidentKey(true).setHasUserVerification(true).setIsUserVerified(true).setIsUserConsenting(true));
  }

  public void removeAuthenticator(VirtualAuthenticator authenticator) {
    driver.removeVirtualAuthenticator(authenticator);
  }

  /** Runs an asynchronous script in the page: its last argument is the callback it calls with its result. */
  public Object runAsync(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeAsyncScript(script, arguments);
  }

  /** Runs a script in the page (a test's own change to it, such as a forged field). */
  public Object run(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  public void forgetCookies() {
    driver.manage().deleteAllCookies();
  }

  @Override
  public void close() {
    driver.quit();
  }

  private static String describe(Rule rule) {
    return rule.getImpact() + " " + rule.getId() + ": " + rule.getHelp() + " "
      + rule.getNodes().stream().map(node -> String.valueOf(node.getTarget())).toList();
  }

  private static java.util.logging.Logger quiet(String name) {
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
    logger.setLevel(java.util.logging.Level.SEVERE);
    return logger;
  }

  /** The program on the PATH (as Debian's packages install it), so no driver or browser of Selenium's own is looked for. */
  private static Path executable(String name) {
    Optional<Path> found = Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
      .map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst();
    return found.orElseThrow(() -> new IllegalStateException(name + " is not installed: run scripts/ensure-browser"));
  }
}
