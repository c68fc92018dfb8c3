module fuelportal

go 1.26.8
