// Package web embeds the built React app (web/dist, produced by the Vite
// build) so the server binary carries it.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built app: index.html at its root, hashed files under assets/.
// Before the first web build it holds only a placeholder file.
var Dist fs.FS = mustSub(dist, "dist")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}
