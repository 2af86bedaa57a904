module github.com/clgo/clgo

go 1.26
