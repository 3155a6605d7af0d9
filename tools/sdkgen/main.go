// Command pulumi-sdkgen writes the Node.js, Python or Go SDK of a Pulumi package from its schema,
// offline, with the code generators of github.com/pulumi/pulumi/pkg/v3 (the version tools/pulumi-cli
// builds the CLI from). `pulumi package gen-sdk` cannot do this here: it asks the language hosts to
// generate, and the hosts this project can build are too old to implement GeneratePackage.
//
//	pulumi-sdkgen --schema schema.json --language nodejs --out sdk/nodejs
//	pulumi-sdkgen --schema schema.json --language nodejs,python,go --out sdk   # sdk/<language>
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
)

const tool = "pulumi-sdkgen"

var languages = []string{"nodejs", "python", "go"}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(args []string) error {
	flags := flag.NewFlagSet(tool, flag.ContinueOnError)
	schemaPath := flags.String("schema", "", "the package schema (schema.json)")
	languageList := flags.String("language", "", "nodejs, python or go; several separated by commas")
	out := flags.String("out", "", "output folder (with several languages: one subfolder per language)")
	versionFlag := flags.String("version", "", "package version written into the SDK (default: the schema's version)")
	showVersion := flags.Bool("V", false, "print the version of the code generators and exit")
	flags.Usage = func() {
		fmt.Fprintf(flags.Output(),
			"usage: %s --schema schema.json --language nodejs|python|go[,...] --out DIR [--version X.Y.Z]\n", tool)
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *showVersion {
		fmt.Println(version.Version)
		return nil
	}
	if *schemaPath == "" || *languageList == "" || *out == "" || flags.NArg() != 0 {
		flags.Usage()
		return errors.New("--schema, --language and --out are required")
	}
	selected := strings.Split(*languageList, ",")
	for _, language := range selected {
		if !slices.Contains(languages, language) {
			return fmt.Errorf("unknown language %q (supported: %s)", language, strings.Join(languages, ", "))
		}
	}

	raw, err := os.ReadFile(*schemaPath)
	if err != nil {
		return err
	}
	for _, language := range selected {
		dir := *out
		if len(selected) > 1 {
			dir = filepath.Join(*out, language)
		}
		// Bind afresh for every language: the generators record their own details in the package.
		pkg, err := bind(raw, *versionFlag)
		if err != nil {
			return fmt.Errorf("%s: %w", *schemaPath, err)
		}
		files, err := generate(language, pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", language, err)
		}
		if err := write(dir, files); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %s SDK of %s %s: %d files in %s\n",
			tool, language, pkg.Name, versionString(pkg), len(files), dir)
	}
	return nil
}

func bind(raw []byte, versionOverride string) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, err
	}
	if versionOverride != "" {
		if _, err := semver.ParseTolerant(versionOverride); err != nil {
			return nil, fmt.Errorf("--version %q: %w", versionOverride, err)
		}
		spec.Version = versionOverride
	}
	pkg, diags, err := schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	for _, d := range diags {
		severity := "warning"
		if d.Severity == hcl.DiagError {
			severity = "error"
		}
		message := d.Summary
		if d.Detail != "" {
			message += ": " + d.Detail
		}
		fmt.Fprintf(os.Stderr, "%s: %s: %s\n", tool, severity, message)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%d error(s) in the schema", len(diags.Errs()))
	}
	return pkg, nil
}

func generate(language string, pkg *schema.Package) (map[string][]byte, error) {
	switch language {
	case "nodejs":
		return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noLoader{})
	case "python":
		return pythongen.GeneratePackage(tool, pkg, nil, noLoader{})
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	}
	return nil, fmt.Errorf("unknown language %q", language)
}

func write(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func versionString(pkg *schema.Package) string {
	if pkg.Version == nil {
		return "(no version)"
	}
	return pkg.Version.String()
}

// noLoader refuses to load other packages: the schemas this tool is for are self-contained. (The
// stock schema.NewNullLoader panics instead, and the Node.js and Python generators want a
// ReferenceLoader.)
type noLoader struct{}

var errNoLoader = errors.New("this schema refers to another package; pulumi-sdkgen only generates self-contained packages")

func (noLoader) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoLoader
}

func (noLoader) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoLoader
}

func (noLoader) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoLoader
}

func (noLoader) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoLoader
}
