class ProductsController < ApplicationController
  SORTABLE = %w[name price created_at].freeze

  def index
    # ruleid: ruby/sql-injection
    @products = Product.where("name LIKE '%#{params[:q]}%'")
    # ruleid: ruby/sql-injection
    @products = @products.order("#{params[:sort]} #{params[:dir]}")
    # ruleid: ruby/sql-injection
    @count = Product.count_by_sql("SELECT COUNT(*) FROM products WHERE category_id = " + params[:cat])
    # ruleid: ruby/sql-injection
    @featured = Product.find_by_sql(["SELECT * FROM products WHERE tag = '#{params[:tag]}'"])
    # ruleid: ruby/sql-injection
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '#{cookies[:cart]}'")
    # ok: ruby/sql-injection
    @safe = Product.where("name LIKE ?", "%#{params[:q]}%")
    # ok: ruby/sql-injection
    @by_cat = Product.where(category_id: params[:cat])
    # ok: ruby/sql-injection
    @sorted = Product.order(SORTABLE.include?(params[:sort]) ? params[:sort] : "name")
    # ok: ruby/sql-injection
    @tagged = Product.find_by_sql(["SELECT * FROM products WHERE tag = ?", params[:tag]])
    # ok: ruby/sql-injection
    @active = Product.where("active = 1 AND stock > 0")
    # ok: ruby/sql-injection
    logger.execute("reindex #{params[:q]}")
    # ok: ruby/sql-injection
    @labels = Product.group(:category_id).pluck("category_id, COUNT(*)")
  end
end
