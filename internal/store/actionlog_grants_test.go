package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestStaffActionsAppendOnlyRole (docs/decisions/personal-data.md, "Data protection"): the grants of
// docs/operations-data.md, applied to a fresh role, let the application
// append to and read the staff action log while PostgreSQL refuses to
// change or delete a row of it.
func TestStaffActionsAppendOnlyRole(t *testing.T) {
	base := os.Getenv(storetest.EnvPostgres)
	if base == "" {
		t.Skip("SKIP postgres: " + storetest.EnvPostgres + " not set")
	}
	ctx := context.Background()
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	role := "bidpass_app_" + hex.EncodeToString(b)
	// Registered first, so it runs after the test database is dropped: a
	// role that still holds rights in a database cannot be dropped.
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = admin.Exec("DROP ROLE IF EXISTS " + role)
			admin.Close()
		}
	})
	dbURL := storetest.PostgresURL(t)
	owner, err := store.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	owner.UseRing(storetest.Ring)
	if _, err := owner.Migrate(ctx, store.DiscardLogger()); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(dbURL)
	dbName := strings.TrimPrefix(u.Path, "/")
	grants := `CREATE ROLE ` + role + ` LOGIN PASSWORD 'app-pw';
GRANT CONNECT ON DATABASE ` + dbName + ` TO ` + role + `;
GRANT USAGE ON SCHEMA public TO ` + role + `;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ` + role + `;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ` + role + `;
REVOKE UPDATE, DELETE, TRUNCATE ON staff_actions FROM ` + role + `;`
	for _, stmt := range strings.Split(grants, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := owner.SQLForTest().ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	id, err := owner.CreateStaffForTest(ctx, "logowner")
	if err != nil {
		t.Fatal(err)
	}

	u.User = url.UserPassword(role, "app-pw")
	app, err := store.Open(u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	app.UseRing(storetest.Ring)
	if err := app.CreateStaffAction(ctx, staff.Action{StaffID: id, Action: "review.view", Target: "review:1", CreatedAt: time.Now()}); err != nil {
		t.Fatalf("the application's INSERT into the log: %v", err)
	}
	if _, n, err := app.ListStaffActions(ctx, staff.ActionFilter{Page: 1, PageSize: 10}); err != nil || n != 1 {
		t.Fatalf("the application reads the log: %d %v", n, err)
	}
	for _, stmt := range []string{
		`UPDATE staff_actions SET detail = 'changed'`,
		`DELETE FROM staff_actions`,
		`TRUNCATE staff_actions`,
	} {
		_, err := app.SQLForTest().ExecContext(ctx, stmt)
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("%s as the application's role: %v", stmt, err)
		}
	}
	// Other tables stay writable by the application.
	if _, err := app.SQLForTest().ExecContext(ctx, `UPDATE staff SET display_name = 'x' WHERE id = $1`, id); err != nil {
		t.Fatalf("update of another table: %v", err)
	}
}
