package io.lanyard.partners;

import io.lanyard.services.ServiceParts;

/** The partners' wing operations: a partner application reading and updating the profiles of its accounts. */
public record PartnerOperations(GetUser getUser, UpdateUser updateUser) {

  public static PartnerOperations build(ServiceParts parts) {
    ThirdPartyAccess access = new ThirdPartyAccess(parts.applications(), parts.audit());
    return new PartnerOperations(
      new GetUser(parts.pools().reads(), access, parts.accounts()),
      new UpdateUser(parts.pools().requests(), access, parts.accounts(), parts.events()));
  }
}
