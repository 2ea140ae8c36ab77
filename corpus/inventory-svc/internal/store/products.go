package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Product is a stock-keeping unit held in one warehouse.
type Product struct {
	ID          int64
	SKU         string
	Name        string
	Description string
	Warehouse   string
	Quantity    int
	PriceCents  int64
}

// ProductStore wraps the products table.
type ProductStore struct {
	db *sql.DB
}

func NewProductStore(db *sql.DB) *ProductStore {
	return &ProductStore{db: db}
}

// Get loads one product by primary key.
func (s *ProductStore) Get(ctx context.Context, id int64) (*Product, error) {
	var p Product
	err := s.db.QueryRowContext(ctx,
		"SELECT id, sku, name, description, warehouse, quantity, price_cents FROM products WHERE id = $1", id).
		Scan(&p.ID, &p.SKU, &p.Name, &p.Description, &p.Warehouse, &p.Quantity, &p.PriceCents)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// Search returns products whose name contains term, sorted by the given column.
func (s *ProductStore) Search(ctx context.Context, term, sortBy string, limit int) ([]Product, error) {
	if sortBy == "" {
		sortBy = "name"
	}
	query := fmt.Sprintf("SELECT id, sku, name, warehouse, quantity FROM products WHERE name ILIKE '%%%s%%' ORDER BY %s LIMIT %d", term, sortBy, limit)
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()

	var out []Product
	for rows.Next() {
		var p Product
		if err := rows.Scan(&p.ID, &p.SKU, &p.Name, &p.Warehouse, &p.Quantity); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// ByWarehouse lists every product stored in one warehouse (used by the export job).
func (s *ProductStore) ByWarehouse(ctx context.Context, warehouse string) ([]Product, error) {
	rows, err := s.db.QueryContext(ctx,
		"SELECT id, sku, name, quantity, price_cents FROM products WHERE warehouse = $1 ORDER BY sku", warehouse)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Product
	for rows.Next() {
		p := Product{Warehouse: warehouse}
		if err := rows.Scan(&p.ID, &p.SKU, &p.Name, &p.Quantity, &p.PriceCents); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// CountLowStock is a dashboard helper; the threshold is an int so %d is safe here.
func (s *ProductStore) CountLowStock(ctx context.Context, threshold int) (int, error) {
	var n int
	q := fmt.Sprintf("SELECT count(*) FROM products WHERE quantity < %d", threshold)
	err := s.db.QueryRowContext(ctx, q).Scan(&n)
	return n, err
}
