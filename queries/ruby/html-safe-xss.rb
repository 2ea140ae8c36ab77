module ReviewsHelper
  STARS = "<span class=\"star\">&#9733;</span>".freeze

  def review_body(review)
    # ruleid: ruby/html-safe-xss
    "<p class=\"review\">#{review.body}</p>".html_safe
  end

  def review_author(review)
    # ruleid: ruby/html-safe-xss
    raw(review.author_bio)
  end

  def review_title(review)
    # ruleid: ruby/html-safe-xss
    review.title.html_safe
  end

  def safe_review_body(review)
    # ok: ruby/html-safe-xss
    content_tag(:p, review.body, class: "review")
  end

  def rich_body(review)
    # ok: ruby/html-safe-xss
    sanitize(review.body, tags: %w[b i em strong]).html_safe
  end

  def stars(review)
    # ok: ruby/html-safe-xss
    t("reviews.disclaimer_html", count: review.rating).html_safe
    # ok: ruby/html-safe-xss
    "<hr>".html_safe
  end

  def footer
    # ok: ruby/html-safe-xss
    raw("<footer>&copy; Shop</footer>")
  end
end
