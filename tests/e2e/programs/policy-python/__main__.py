"""The policy pack end to end in Python: with `fixed` false this program breaks four rules of the pack
(two mandatory: a plain-HTTP webhook, two Auditing for one project; two advisory: two search nodes
where the team wants three, a cluster without a backup schedule); with `fixed` true it keeps them."""
import pulumi
import pulumi_cluster_platform as platform

config = pulumi.Config()
fixed = config.require_bool("fixed")
group_id = config.require("groupId")
cluster_name = config.require("clusterName")

platform.AlertConfiguration(
    "deploy-failed",
    group_id=group_id,
    event_type_name="DEPLOYMENT_FAILURE",
    notifications=[
        {
            "type_name": "WEBHOOK",
            "webhook_url": "https://hooks.example.com/alerts" if fixed else "http://hooks.example.com/alerts",
        }
    ],
)

platform.Auditing("audit", group_id=group_id, enabled=True, audit_filter={"atype": "authenticate"})
if not fixed:
    platform.Auditing("audit-again", group_id=group_id, enabled=False)

platform.SearchDeployment(
    "search",
    group_id=group_id,
    cluster_name=cluster_name,
    specs=[{"instance_size": "S30_HIGHCPU_NVME", "node_count": 3 if fixed else 2}],
)

if fixed:
    platform.CloudBackupSchedule(
        "schedule",
        group_id=group_id,
        cluster_name=cluster_name,
        policies=[
            {
                "policy_items": [
                    {"frequency_type": "daily", "frequency_interval": 1, "retention_unit": "days", "retention_value": 7}
                ]
            }
        ],
    )
