package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
)

type ProductStore struct {
	db *sql.DB
}

// FindByName looks a product up by its display name.
func (s *ProductStore) FindByName(ctx context.Context, name string) (*sql.Rows, error) {
	// ruleid: go/sql-string-build
	return s.db.QueryContext(ctx, fmt.Sprintf("SELECT id, name, price FROM products WHERE name = '%s'", name))
}

func (s *ProductStore) Delete(id string) error {
	// ruleid: go/sql-string-build
	_, err := s.db.Exec("DELETE FROM products WHERE id = " + id)
	return err
}

func (s *ProductStore) Search(ctx context.Context, term, order string) (*sql.Rows, error) {
	// ruleid: go/sql-string-build
	q := "SELECT id, name FROM products WHERE name LIKE '%" + term + "%' ORDER BY " + order
	return s.db.QueryContext(ctx, q)
}

func (s *ProductStore) Rename(id int, name string) error {
	// ruleid: go/sql-string-build
	stmt := fmt.Sprintf(`UPDATE products SET name = "%v" WHERE id = %d`, name, id)
	_, err := s.db.Exec(stmt)
	return err
}

// Safe look-alikes.
func (s *ProductStore) Get(ctx context.Context, id int, limit int) error {
	// ok: go/sql-string-build
	row := s.db.QueryRowContext(ctx, "SELECT id, name FROM products WHERE id = $1", id)
	_ = row
	// ok: go/sql-string-build
	q := fmt.Sprintf("SELECT id, name FROM products ORDER BY id LIMIT %d", limit)
	_ = q
	// ok: go/sql-string-build
	msg := fmt.Sprintf("select failed for product %s", strconv.Itoa(id))
	_ = msg
	// ok: go/sql-string-build
	const base = "SELECT id, name FROM products " + "WHERE deleted_at IS NULL"
	// ok: go/sql-string-build
	page := "SELECT id FROM products LIMIT " + strconv.Itoa(limit)
	_, _ = base, page
	// ok: go/sql-string-build
	log := "Update finished for " + strconv.Itoa(id) + " rows: " + fmt.Sprint(limit)
	_ = log
	return nil
}
