// The pack's program: @pulumi/pulumi's run-policy-pack loads it from this folder. The rules are the
// package's compiled `pulumi-cluster-platform/policy` (dist/provider/policy), two folders up from here.
require("../../../dist/provider/policy").runPolicyPack();
