from django.utils.html import format_html
from django.utils.safestring import mark_safe
from markupsafe import Markup, escape

FOOTER_HTML = "<footer>&copy; Shop</footer>"


def render_review(review):
    # ruleid: python/markup-xss
    body = Markup(f"<p class='review'>{review.text}</p>")
    # ruleid: python/markup-xss
    author = mark_safe("<span>" + review.author + "</span>")
    # ruleid: python/markup-xss
    bio = Markup(review.author_bio)
    # ok: python/markup-xss
    safe_body = Markup("<p class='review'>{}</p>").format(review.text)
    # ok: python/markup-xss
    safe_author = format_html("<span>{}</span>", review.author)
    # ok: python/markup-xss
    footer = Markup(FOOTER_HTML)
    # ok: python/markup-xss
    escaped = Markup(escape(review.text))
    # ok: python/markup-xss
    plain = Markup.escape(review.text)
    return body, author, bio, safe_body, safe_author, footer, escaped, plain
