package io.lanyard.web.console;

import io.lanyard.helpdesk.staff.ConsoleAccess;
import io.lanyard.model.api.RequestOrigin;

import java.util.Map;

/**
 * A request to a console page from a staff member, checked: their role read afresh, and for a POST its anti-forgery token and
 * origin. No routing context, only what the pages may read.
 *
 * @param params the form fields of a POST (the query string is never read: no personal data travels in URLs)
 * @param pathId the account id of an account's path, or empty
 * @param formToken the anti-forgery value to put in the page's forms
 */
public record ConsoleRequest(ConsoleAccess.Staff staff, Map<String, String> params, String pathId, String language,
                             String formToken, RequestOrigin origin) {

  public String param(String name) {
    String value = params.get(name);
    return value == null ? "" : value;
  }
}
