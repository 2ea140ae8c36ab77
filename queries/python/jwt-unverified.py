import jwt


def current_user(request, key):
    token = request.headers["Authorization"].removeprefix("Bearer ")
    # ruleid: python/jwt-unverified
    claims = jwt.decode(token, options={"verify_signature": False})
    return claims["sub"]


def legacy(token):
    # ruleid: python/jwt-unverified
    return jwt.decode(token, verify=False)


def permissive(token, key):
    # ruleid: python/jwt-unverified
    return jwt.decode(token, key, algorithms=["HS256", "none"])


def good(token, key):
    # ok: python/jwt-unverified
    header = jwt.get_unverified_header(token)
    # ok: python/jwt-unverified
    claims = jwt.decode(token, key, algorithms=["RS256"], options={"require": ["exp"]})
    return header, claims
