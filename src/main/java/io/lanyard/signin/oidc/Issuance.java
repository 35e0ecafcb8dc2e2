package io.lanyard.signin.oidc;

import io.lanyard.model.api.Caller;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.session.NewSession;
import io.lanyard.services.session.Sessions;
import io.lanyard.signin.tokens.LoginResult;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Issues what a client gets for a code or a refresh token. The access token is a token of the API, recorded among the
 * account's sessions ({@link Sessions}) so the session cap, logouts and every cut-off end it as they end a login's; the ID
 * token comes with a code; a refresh token with a code when the client asked for {@code offline_access} or is first-party,
 * and with every refresh (rotation). A code's or a refresh token's use, the access token's session and the grant's writes
 * run in one transaction (the caller's): a failure between them leaves no used token without its successor. Revoking a grant
 * ends its refresh tokens and its last access token.
 */
final class Issuance {

  /** What a token response carries. */
  record Issued(String accessToken, long accessTtlSeconds, Optional<String> refreshToken, Optional<String> idToken,
                String scope) {
  }

  private final Pool pool;
  private final Sessions sessions;
  private final TokenService tokens;
  private final IdTokens idTokens;
  private final LanyardConfig.Oidc settings;
  private final GrantRepository grants = new GrantRepository();

  Issuance(Pool pool, Sessions sessions, TokenService tokens, IdTokens idTokens, LanyardConfig.Oidc settings) {
    this.pool = pool;
    this.sessions = sessions;
    this.tokens = tokens;
    this.idTokens = idTokens;
    this.settings = settings;
  }

  /**
   * What a transaction wrote for the tokens (the session of the access token among them), and how to sign them: signed and
   * handed out, and the session remembered ({@link #committed}), only once the transaction committed, so no signature is
   * computed while the user's row lock is held.
   */
  record Pending(Sessions.Opened session, Supplier<Issued> signing) {
  }

  /**
   * The grant ended (revoked by another request) between the use of its refresh token and its rotation: the transaction
   * fails with this to roll back the token's use and the session it opened; the client hears {@code invalid_grant}.
   */
  static final class GrantEnded extends RuntimeException {
    GrantEnded() {
      super("grant revoked during its refresh", null, false, false);
    }
  }

  /**
   * For a code just used up in {@code tx} (its account's claims read with it): the session and the grant written in
   * {@code tx}. Empty when the account is no longer active, or its sessions were cut off after the code's sign-in.
   */
  Future<Optional<Pending>> forCode(SqlClient tx, OidcClient client, CodeRepository.Stored code) {
    List<String> scopes = Scopes.known(code.scope());
    boolean refreshable = scopes.contains(Scopes.OFFLINE_ACCESS) || client.firstParty();
    long ttl = settings.accessTokenTtl().toMillis();
    Optional<ClaimsRepository.AccountClaims> account = code.account();
    return account.isEmpty()
      ? Future.succeededFuture(Optional.empty())
      : sessions.openIn(tx, code.userId(), ttl, code.authTime()).compose(opened -> {
        if (opened.session().isEmpty()) {
          return Future.succeededFuture(Optional.empty());
        }
        NewSession session = opened.session().get();
        Optional<String> refresh = refreshable ? Optional.of(SecretTokens.generate()) : Optional.empty();
        long now = System.currentTimeMillis();
        long grantExpiresAt = refresh.isPresent() ? now + settings.refreshTokenTtl().toMillis() : session.expiresAt();
        return grants.insert(tx, new GrantRepository.NewGrant(code.grantId(), client.clientId(), code.userId(), code.sid(),
            code.scope(), code.authTime(), issued(session), grantExpiresAt, refresh.map(SecretTokens::sha256)))
          .map(written -> Optional.of(new Pending(opened, () -> {
            LoginResult access = tokens.issueForClient(code.userId(), ttl, session, client.clientId(), code.scope());
            String idToken = idTokens.issue(new IdTokens.Subject(code.userId(), client.clientId(), client.idTokenAlgorithm(),
              code.authTime(), code.nonce(), code.sid()), AccountClaims.of(account.get(), scopes));
            return new Issued(access.jwt(), ttl / 1000, refresh, Optional.of(idToken), code.scope());
          })));
      });
  }

  /**
   * For a refresh token just used up in {@code tx}: a new access token and the token's successor, written in {@code tx}.
   * Empty when the account is no longer active or its sessions were cut off after the grant's sign-in; fails with
   * {@link GrantEnded} when the grant was revoked meanwhile.
   */
  Future<Optional<Pending>> forRefresh(SqlClient tx, GrantRepository.Refresh refresh) {
    long ttl = settings.accessTokenTtl().toMillis();
    return sessions.openIn(tx, refresh.userId(), ttl, refresh.authTime()).compose(opened -> {
      if (opened.session().isEmpty()) {
        return Future.succeededFuture(Optional.empty());
      }
      NewSession session = opened.session().get();
      String successor = SecretTokens.generate();
      long expiresAt = System.currentTimeMillis() + settings.refreshTokenTtl().toMillis();
      return grants.rotate(tx, refresh.grantId(), SecretTokens.sha256(successor), expiresAt, issued(session))
        .compose(rotated -> rotated
          ? Future.succeededFuture(Optional.of(new Pending(opened, () -> new Issued(
              tokens.issueForClient(refresh.userId(), ttl, session, refresh.clientId(), refresh.scope()).jwt(), ttl / 1000,
              Optional.of(successor), Optional.empty(), refresh.scope()))))
          : Future.failedFuture(new GrantEnded()));
    });
  }

  /** Once the transaction that wrote it committed: the session's writes applied here, and the tokens signed. */
  Issued committed(Pending pending) {
    sessions.remember(pending.session());
    return pending.signing().get();
  }

  /** Ends a grant: its refresh tokens and the access token last issued under it. */
  Future<Void> revoke(String grantId) {
    return grants.revoke(pool, grantId).compose(revoked -> revoked.flatMap(GrantRepository.Revoked::access).isEmpty()
      ? Future.succeededFuture()
      : endAccess(revoked.get().userId(), revoked.get().access().get()));
  }

  /** Ends every grant of an SSO session (its logout). */
  Future<Void> revokeSession(String sid) {
    return grants.revokeBySession(pool, sid).compose(revoked -> {
      Future<Void> done = Future.succeededFuture();
      for (GrantRepository.Revoked grant : revoked) {
        if (grant.access().isPresent()) {
          done = done.compose(previous -> endAccess(grant.userId(), grant.access().get()));
        }
      }
      return done;
    });
  }

  private Future<Void> endAccess(String userId, GrantRepository.IssuedAccess access) {
    return sessions.end(new Caller(userId, access.tokenId(), access.expiresAt(), access.issuedAt()));
  }

  private static GrantRepository.IssuedAccess issued(NewSession session) {
    return new GrantRepository.IssuedAccess(session.tokenId(), session.issuedAt(), session.expiresAt());
  }
}
