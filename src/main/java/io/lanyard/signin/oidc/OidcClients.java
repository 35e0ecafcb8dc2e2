package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.id.ClientID;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.applications.OidcClientRepository;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.security.MessageDigest;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The clients by id, in memory, following the CLI's changes on every instance (the applications' NOTIFY). A client whose
 * application is disabled, revoked or expired is not found. Authenticates clients at the token, revocation and
 * introspection endpoints: a confidential client by its secret, basic or post (compared as SHA-256, in constant time); a
 * public client by its id alone, and never with a secret it does not have.
 */
public final class OidcClients {

  private final LiveCopy<Map<String, OidcClient>> byId;
  private final OidcClient builtIn;

  /** @param builtIn the service's own client (the help desk's console), found before any registered one */
  OidcClients(LiveCopy<Map<String, OidcClient>> byId, OidcClient builtIn) {
    this.byId = byId;
    this.builtIn = builtIn;
  }

  /** The loader of the live copy. */
  static Future<Map<String, OidcClient>> load(OidcClientRepository repository, SqlClient client) {
    return repository.listAll(client).map(all -> {
      Map<String, OidcClient> index = new HashMap<>();
      all.forEach(found -> index.put(found.clientId(), found));
      return Map.copyOf(index);
    });
  }

  public Future<Optional<OidcClient>> find(String clientId) {
    if (builtIn.clientId().equals(clientId)) {
      return Future.succeededFuture(Optional.of(builtIn));
    }
    return byId.get().map(index -> Optional.ofNullable(index.get(clientId))
      .filter(client -> OidcClientRepository.isUsable(client, Instant.now())));
  }

  /**
   * The client a request proves itself to be: with {@code authentication} (a secret, basic or post) a confidential client whose
   * secret it is; without, a public client named by {@code clientId}. Empty when the proof fails.
   */
  Future<Optional<OidcClient>> authenticate(ClientAuthentication authentication, Optional<String> clientId) {
    if (authentication == null) {
      return clientId.isEmpty() ? Future.succeededFuture(Optional.empty())
        : find(clientId.get()).map(found -> found.filter(OidcClient::isPublic));
    }
    if (clientId.isPresent() && !clientId.get().equals(authentication.getClientID().getValue())) {
      return Future.succeededFuture(Optional.empty());
    }
    Optional<String> secret = secretOf(authentication);
    if (secret.isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    ClientID id = authentication.getClientID();
    return find(id.getValue()).map(found -> found.filter(client -> client.secretHash()
      .map(hash -> MessageDigest.isEqual(hash, SecretTokens.sha256(secret.get()))).orElse(false)));
  }

  private static Optional<String> secretOf(ClientAuthentication authentication) {
    if (authentication instanceof ClientSecretBasic basic) {
      return Optional.of(basic.getClientSecret().getValue());
    }
    if (authentication instanceof ClientSecretPost post) {
      return Optional.of(post.getClientSecret().getValue());
    }
    return Optional.empty();
  }

  /** The authentication methods clients may use at the token endpoint. */
  static List<ClientAuthenticationMethod> methods() {
    return List.of(ClientAuthenticationMethod.CLIENT_SECRET_BASIC, ClientAuthenticationMethod.CLIENT_SECRET_POST,
      ClientAuthenticationMethod.NONE);
  }
}
