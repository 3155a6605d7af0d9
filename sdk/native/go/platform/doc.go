// Resources of the Cluster Platform Administration API: alert configurations, search indexes and search nodes, cloud backup, auditing, custom DNS, cloud provider access, outage simulation and live migration.
package platform
