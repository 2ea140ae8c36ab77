import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import io.jsonwebtoken.Jwts;

public class Tokens {
    public Claims read(String token, Key key) {
        // ruleid: java/jwt-unverified
        return Jwts.parser().setSigningKey(key).parseClaimsJwt(token).getBody();
    }

    public Claims unsigned(String token) {
        // ruleid: java/jwt-unverified
        return Jwts.parser().unsecured().build().parseUnsecuredClaims(token).getPayload();
    }

    public String issue(String user) {
        // ruleid: java/jwt-unverified
        return JWT.create().withSubject(user).sign(Algorithm.none());
    }

    public Claims good(String token, SecretKey key) {
        // ok: java/jwt-unverified
        Claims a = Jwts.parser().verifyWith(key).build().parseSignedClaims(token).getPayload();
        // ok: java/jwt-unverified
        Claims b = Jwts.parser().setSigningKey(key).parseClaimsJws(token).getBody();
        // ok: java/jwt-unverified
        JWT.require(Algorithm.HMAC256(secret)).build().verify(token);
        return a;
    }
}
