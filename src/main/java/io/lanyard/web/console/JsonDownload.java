package io.lanyard.web.console;

/** A file the console hands the browser to save (an account's export): its name and its JSON. */
public record JsonDownload(String filename, String json) {
}
