package server

import (
	"github.com/rs/cors"
)

func Handler() *cors.Cors {
	// ruleid: go/cors-any-origin-with-credentials
	return cors.New(cors.Options{
		AllowOriginFunc:  func(origin string) bool { return true },
		AllowCredentials: true,
	})
}

func Partners() *cors.Cors {
	// ok: go/cors-any-origin-with-credentials
	return cors.New(cors.Options{
		AllowOriginFunc:  func(origin string) bool { return origin == "https://app.example.com" },
		AllowCredentials: true,
	})
}

func Public() *cors.Cors {
	// ok: go/cors-any-origin-with-credentials
	return cors.New(cors.Options{
		AllowOriginFunc: func(origin string) bool { return true },
	})
}
