// Command atlas-go-client is a user of the vendor's own Go SDK (go.mongodb.org/atlas-sdk; which
// version the module proxy serves: tools/README.md) against a server that speaks the service's API
// under the service's names: the emulator started with `--service atlas`. It sends what the SDK sends,
// as the vendor's tools do (`groupId` in alert configuration bodies, `clusterName` in the backup
// schedule's), and holds each answer to what the real service answers in the vendor's recordings
// (docs/contract-check.md, "The second oracle"). tests/contract/atlasGoClient.e2e.test.ts runs it.
//
// Each step prints one transcript line, `<step>: <METHOD> <path> <status>`, on stdout. Any error or
// unexpected answer ends the run with exit status 1 and a message on stderr naming the step. With
// -pause it reads a line from stdin after each step before going on, so that a test can look at the
// server's state between steps.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"

	"go.mongodb.org/atlas-sdk/v20250312006/admin"
)

// The search index the run creates (the emulator accepts any database and collection name).
const (
	searchDatabase   = "sample_mflix"
	searchCollection = "movies"
	searchIndexName  = "go-client-search"
)

// The backup schedule's reference time the run sets (the service's default is 12:00).
const (
	referenceHour   = 5
	referenceMinute = 30
)

// run is one pass over the steps; a step that fails ends the process.
type run struct {
	ctx     context.Context
	api     *admin.APIClient
	groupID string
	cluster string
	// Read after each step when the run pauses; nil otherwise.
	pause *bufio.Reader
}

func main() {
	baseURL := flag.String("base-url", "", "the server's origin, e.g. http://127.0.0.1:8080 (the SDK adds /api/atlas/v2)")
	publicKey := flag.String("public-key", "", "the API key's public part (digest user name)")
	privateKey := flag.String("private-key", "", "the API key's private part (digest password)")
	groupID := flag.String("group-id", "", "the project the run works in")
	cluster := flag.String("cluster-name", "", "a cluster of that project with cloud backup and search")
	pause := flag.Bool("pause", false, "after each step, wait for a line on stdin")
	flag.Parse()
	for name, value := range map[string]string{
		"base-url": *baseURL, "public-key": *publicKey, "private-key": *privateKey,
		"group-id": *groupID, "cluster-name": *cluster,
	} {
		if value == "" {
			fmt.Fprintf(os.Stderr, "atlas-go-client: -%s is required\n", name)
			os.Exit(2)
		}
	}
	api, err := admin.NewClient(admin.UseBaseURL(*baseURL), admin.UseDigestAuth(*publicKey, *privateKey))
	if err != nil {
		fmt.Fprintf(os.Stderr, "atlas-go-client: the SDK's client: %v\n", err)
		os.Exit(1)
	}
	r := &run{ctx: context.Background(), api: api, groupID: *groupID, cluster: *cluster}
	if *pause {
		r.pause = bufio.NewReader(os.Stdin)
	}
	r.alertConfiguration()
	r.backupSchedule()
	r.auditing()
	r.customDNS()
	r.searchIndex()
}

// fail ends the run naming the step.
func fail(step, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "atlas-go-client: step %q failed: %s\n", step, fmt.Sprintf(format, args...))
	os.Exit(1)
}

// answered prints the step's transcript line and ends the run unless the server answered `want`
// (and, below 400, the SDK read the answer without an error).
func (r *run) answered(step string, want int, resp *http.Response, err error) {
	if resp == nil {
		fail(step, "no answer: %v", err)
	}
	fmt.Printf("%s: %s %s %d\n", step, resp.Request.Method, resp.Request.URL.Path, resp.StatusCode)
	if resp.StatusCode != want {
		fail(step, "answered %d, expected %d%s", resp.StatusCode, want, describe(err))
	}
	if err != nil && want < 400 {
		fail(step, "the SDK could not read the answer: %v", err)
	}
	if r.pause != nil {
		if _, err := r.pause.ReadString('\n'); err != nil {
			fail(step, "stdin closed while pausing: %v", err)
		}
	}
}

// expect ends the run naming the step when an answer's field is not what the step sent or expects.
func expect[T comparable](step, field string, got, want T) {
	if got != want {
		fail(step, "%s is %v, expected %v", field, got, want)
	}
}

// describe is the service's error code and detail of an SDK error, for the failure message.
func describe(err error) string {
	if err == nil {
		return ""
	}
	if apiErr, ok := admin.AsError(err); ok {
		return fmt.Sprintf(" (%s: %s)", apiErr.GetErrorCode(), apiErr.GetDetail())
	}
	var generic *admin.GenericOpenAPIError
	if errors.As(err, &generic) {
		return fmt.Sprintf(" (%s)", generic.Body())
	}
	return fmt.Sprintf(" (%v)", err)
}

// alertConfiguration: create, read, replace and delete one, then read it gone. Bodies as
// `atlas alerts settings create/update` sends them (internal/cli/alerts/settings/settings.go):
// groupId always set.
func (r *run) alertConfiguration() {
	alerts := r.api.AlertConfigurationsApi
	body := func(enabled, sms bool) *admin.GroupAlertsConfig {
		return &admin.GroupAlertsConfig{
			GroupId:       admin.PtrString(r.groupID),
			EventTypeName: admin.PtrString("NO_PRIMARY"),
			Enabled:       admin.PtrBool(enabled),
			Notifications: &[]admin.AlertsNotificationRootForGroup{{
				TypeName:     admin.PtrString("GROUP"),
				DelayMin:     admin.PtrInt(0),
				IntervalMin:  admin.PtrInt(5),
				EmailEnabled: admin.PtrBool(true),
				SmsEnabled:   admin.PtrBool(sms),
			}},
		}
	}

	step := "alert configuration create"
	created, resp, err := alerts.CreateAlertConfiguration(r.ctx, r.groupID, body(true, false)).Execute()
	r.answered(step, http.StatusCreated, resp, err)
	id := created.GetId()
	if id == "" {
		fail(step, "the answer has no id")
	}
	expect(step, "groupId", created.GetGroupId(), r.groupID)
	expect(step, "Location", resp.Header.Get("Location") != "", true)

	step = "alert configuration read"
	read, resp, err := alerts.GetAlertConfiguration(r.ctx, r.groupID, id).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "id", read.GetId(), id)
	expect(step, "eventTypeName", read.GetEventTypeName(), "NO_PRIMARY")
	expect(step, "enabled", read.GetEnabled(), true)

	step = "alert configuration update"
	updated, resp, err := alerts.UpdateAlertConfiguration(r.ctx, r.groupID, id, body(false, true)).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "enabled", updated.GetEnabled(), false)
	notifications := updated.GetNotifications()
	expect(step, "notifications", len(notifications), 1)
	expect(step, "notifications[0].smsEnabled", notifications[0].GetSmsEnabled(), true)

	step = "alert configuration delete"
	resp, err = alerts.DeleteAlertConfiguration(r.ctx, r.groupID, id).Execute()
	r.answered(step, http.StatusNoContent, resp, err)

	step = "alert configuration read after delete"
	_, resp, err = alerts.GetAlertConfiguration(r.ctx, r.groupID, id).Execute()
	r.answered(step, http.StatusNotFound, resp, err)
}

// backupSchedule: read the cluster's schedule, then change its reference time with clusterName in
// the body, as `atlas backups schedule update` sends it.
func (r *run) backupSchedule() {
	backups := r.api.CloudBackupsApi

	step := "backup schedule read"
	schedule, resp, err := backups.GetBackupSchedule(r.ctx, r.groupID, r.cluster).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "clusterName", schedule.GetClusterName(), r.cluster)

	step = "backup schedule update"
	updated, resp, err := backups.UpdateBackupSchedule(r.ctx, r.groupID, r.cluster, &admin.DiskBackupSnapshotSchedule20240805{
		ClusterName:           admin.PtrString(r.cluster),
		ReferenceHourOfDay:    admin.PtrInt(referenceHour),
		ReferenceMinuteOfHour: admin.PtrInt(referenceMinute),
	}).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "referenceHourOfDay", updated.GetReferenceHourOfDay(), referenceHour)
	expect(step, "referenceMinuteOfHour", updated.GetReferenceMinuteOfHour(), referenceMinute)
}

// auditing: read it, turn it on with a filter, turn it off again (`atlas auditing update`).
func (r *run) auditing() {
	auditing := r.api.AuditingApi

	step := "auditing read"
	read, resp, err := auditing.GetAuditingConfiguration(r.ctx, r.groupID).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "enabled", read.GetEnabled(), false)

	step = "auditing enable"
	filter := `{"atype": "authenticate"}`
	enabled, resp, err := auditing.UpdateAuditingConfiguration(r.ctx, r.groupID, &admin.AuditLog{
		Enabled:                   admin.PtrBool(true),
		AuditAuthorizationSuccess: admin.PtrBool(true),
		AuditFilter:               admin.PtrString(filter),
	}).Execute()
	r.answered(step, http.StatusAccepted, resp, err)
	expect(step, "enabled", enabled.GetEnabled(), true)
	expect(step, "auditFilter", enabled.GetAuditFilter(), filter)
	expect(step, "configurationType", enabled.GetConfigurationType(), "FILTER_JSON")

	step = "auditing disable"
	disabled, resp, err := auditing.UpdateAuditingConfiguration(r.ctx, r.groupID, &admin.AuditLog{
		Enabled: admin.PtrBool(false),
	}).Execute()
	r.answered(step, http.StatusAccepted, resp, err)
	expect(step, "enabled", disabled.GetEnabled(), false)
	expect(step, "configurationType", disabled.GetConfigurationType(), "NONE")
}

// customDNS: read the AWS custom DNS setting, enable it, disable it (`atlas customDns aws`).
func (r *run) customDNS() {
	dns := r.api.AWSClustersDNSApi

	step := "custom DNS read"
	read, resp, err := dns.GetAwsCustomDns(r.ctx, r.groupID).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "enabled", read.GetEnabled(), false)

	for _, on := range []bool{true, false} {
		step = "custom DNS disable"
		if on {
			step = "custom DNS enable"
		}
		toggled, resp, err := dns.ToggleAwsCustomDns(r.ctx, r.groupID, &admin.AWSCustomDNSEnabled{Enabled: on}).Execute()
		r.answered(step, http.StatusAccepted, resp, err)
		expect(step, "enabled", toggled.GetEnabled(), on)
	}
}

// searchIndex: create a search index with dynamic mappings, read it, delete it, read it gone.
func (r *run) searchIndex() {
	search := r.api.AtlasSearchApi

	step := "search index create"
	created, resp, err := search.CreateAtlasSearchIndex(r.ctx, r.groupID, r.cluster, &admin.SearchIndexCreateRequest{
		Database:       searchDatabase,
		CollectionName: searchCollection,
		Name:           searchIndexName,
		Type:           admin.PtrString("search"),
		Definition: &admin.BaseSearchIndexCreateRequestDefinition{
			Mappings: &admin.SearchMappings{Dynamic: admin.PtrBool(true)},
		},
	}).Execute()
	r.answered(step, http.StatusCreated, resp, err)
	id := created.GetIndexID()
	if id == "" {
		fail(step, "the answer has no indexID")
	}
	expect(step, "name", created.GetName(), searchIndexName)

	step = "search index read"
	read, resp, err := search.GetAtlasSearchIndex(r.ctx, r.groupID, r.cluster, id).Execute()
	r.answered(step, http.StatusOK, resp, err)
	expect(step, "indexID", read.GetIndexID(), id)
	expect(step, "database", read.GetDatabase(), searchDatabase)
	expect(step, "collectionName", read.GetCollectionName(), searchCollection)

	step = "search index delete"
	resp, err = search.DeleteAtlasSearchIndex(r.ctx, r.groupID, r.cluster, id).Execute()
	r.answered(step, http.StatusNoContent, resp, err)

	step = "search index read after delete"
	_, resp, err = search.GetAtlasSearchIndex(r.ctx, r.groupID, r.cluster, id).Execute()
	r.answered(step, http.StatusNotFound, resp, err)
}
