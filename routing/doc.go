// Package routing plans truck routes and finds places for the route planner.
//
// The built-in provider works offline: a road graph of the continental US
// Interstate corridors (a few hundred cities and truck hubs, shipped in the
// binary) routed with A*, and a gazetteer of those places that the server can
// extend with station addresses. Router and Geocoder are the seams the HTTP
// layer uses; package routing/provider adds OSRM, Valhalla, GraphHopper,
// Nominatim and Photon behind the same interfaces.
//
// Assumptions of the built-in graph, kept in one place:
//   - an edge's length is its shape's great-circle length times RoadFactor,
//     because roads wind between the shape points we know;
//   - trucks average TruckSpeedMPH on the Interstates and LocalSpeedMPH on the
//     short connector from an arbitrary point to the nearest Interstate.
package routing
