module cardtable

go 1.26
