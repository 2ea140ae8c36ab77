import hashlib


def login(request):
    password = request.form["password"]
    # ruleid: python/hardcoded-password-comparison
    if password == "Tr0ub4dor&3":
        return True
    # ruleid: python/hardcoded-password-comparison
    if request.headers.get("X-Api-Key") != "k3y-9f8e7d6c5b4a" and request.args["api_key"] == "k3y-9f8e7d6c5b4a":
        return False
    digest = hashlib.sha256(password.encode()).hexdigest()
    # ruleid: python/hardcoded-password-comparison
    if digest == "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8":
        return True
    return False


def checks(user, password):
    # ok: python/hardcoded-password-comparison
    if password == "":
        return False
    # ok: python/hardcoded-password-comparison
    if password == "changeme":
        raise ValueError("set a password first")
    # ok: python/hardcoded-password-comparison
    if user.password_hash == stored_hash(user):
        return True
    # ok: python/hardcoded-password-comparison
    if user.role == "administrator":
        return True
    # ok: python/hardcoded-password-comparison
    return user.password_reset_state == "pending"
