import random
import secrets
import string

ALPHABET = string.ascii_letters + string.digits


def issue_reset(user):
    # ruleid: python/insecure-random-secret
    reset_token = "".join(random.choice(ALPHABET) for _ in range(32))
    # ruleid: python/insecure-random-secret
    user.otp = random.randint(100000, 999999)
    # ruleid: python/insecure-random-secret
    session_id = "%032x" % random.getrandbits(128)
    # ok: python/insecure-random-secret
    user.reset_token = secrets.token_urlsafe(32)
    # ok: python/insecure-random-secret
    otp = secrets.randbelow(10**6)
    # ok: python/insecure-random-secret
    delay = random.uniform(0.1, 0.5)
    # ok: python/insecure-random-secret
    token = "".join(random.SystemRandom().choice(ALPHABET) for _ in range(32))
    # ok: python/insecure-random-secret
    sample_ids = random.sample(range(100), 10)
    return reset_token, session_id, delay, otp, token, sample_ids
