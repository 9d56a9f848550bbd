#!/usr/bin/env bash
# Performance benchmark for mlir-memlint (see bench/README.md).
#
# For each shape and size (default: many functions, 10k, 100k, 1M ops) it
# generates a realistic memref program with bench/gen_program.py (shape
# "many": kernels of 200-5000 ops; shape "one": the whole program in one
# function, --min-func-ops N --max-func-ops N), then measures wall time (best
# of N rounds, each running every command once)
# and peak RSS of
#   parse  : mlir-opt --allow-unregistered-dialect FILE -o /dev/null   (baseline)
#   lint   : mlir-memlint FILE --json /dev/null   (exit 0 or 1 both count as success;
#            one thread per core, the default)
#   lint-j1: the same on one thread (-j 1)
#   dealloc: mlir-opt -buffer-deallocation-pipeline NODEALLOC_FILE -o /dev/null
#            on the --no-deallocs variant of the same program ("rejected" if it fails)
# and prints a table with the lint/parse ratio and the growth of lint time per 10x.
#
# Usage: bench/run_bench.sh [--tool PATH] [--mlir-opt PATH] [--work DIR]
#                           [--sizes "10000 100000 1000000"] [--shapes "many one"]
#                           [--runs N] [--seed S]
#                           [--no-dealloc-pipeline] [--findings] [--csv FILE] [--keep]
set -u -o pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

tool="$root/build/bin/mlir-memlint"
mlir_opt="/usr/lib/llvm-22/bin/mlir-opt"
work=""
sizes="10000 100000 1000000"
shapes="many"
runs=3
seed=1
do_dealloc=1
csv=""
keep=0
findings=0
work_given=0
timeout_s="${BENCH_TIMEOUT:-600}"

usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --tool) tool="$2"; shift 2 ;;
    --mlir-opt) mlir_opt="$2"; shift 2 ;;
    --work) work="$2"; work_given=1; shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --shapes) shapes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --no-dealloc-pipeline) do_dealloc=0; shift ;;
    --csv) csv="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --findings) findings=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run_bench.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done

# /usr/bin/time (GNU time) gives wall time and peak RSS; install it if missing.
if ! command -v /usr/bin/time >/dev/null 2>&1; then
  echo "run_bench.sh: /usr/bin/time not found, installing the 'time' package" >&2
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO=sudo
    $SUDO apt-get install -y -qq time >/dev/null 2>&1 || \
      { $SUDO apt-get update -qq >/dev/null 2>&1 && $SUDO apt-get install -y -qq time >/dev/null 2>&1; }
  fi
fi
if ! command -v /usr/bin/time >/dev/null 2>&1; then
  echo "run_bench.sh: /usr/bin/time is required (apt-get install time)" >&2
  exit 2
fi
if [ ! -x "$mlir_opt" ]; then
  echo "run_bench.sh: mlir-opt not found at $mlir_opt (use --mlir-opt)" >&2
  exit 2
fi
have_tool=1
if [ ! -x "$tool" ]; then
  echo "run_bench.sh: note: $tool not found; lint columns will be 'n/a' (use --tool PATH)" >&2
  have_tool=0
fi

if [ -z "$work" ]; then
  work="$(mktemp -d "${TMPDIR:-/tmp}/memlint-bench.XXXXXX")"
  [ "$keep" -eq 1 ] || trap 'rm -rf "$work"' EXIT
else
  mkdir -p "$work"
fi
work="$(cd "$work" && pwd)"

# measure_once NAME OKCODES CMD... runs CMD once and keeps, per NAME, the best
# wall seconds (BEST), the peak RSS in KB of that run (BRSS), every run's
# seconds (ALL) and the status (STATUS: ok|rejected|crashed|timeout; a NAME
# that failed once is not run again). OKCODES is a space-separated list of
# acceptable exit codes. The commands of one size are measured in rounds (each
# command once per round), so that a change of the machine's load during the
# benchmark affects all of them alike, and a ratio is also taken within each
# round (the median of those is the "med" column).
declare -A BEST BRSS ALL STATUS
measure_once() {
  local name="$1" okcodes="$2"; shift 2
  local rc=0 t rss out="$work/.time.$$"
  [ "${STATUS[$name]:-ok}" = ok ] || return 0
  STATUS[$name]=ok
  timeout "$timeout_s" /usr/bin/time -o "$out" -f "%e %M" "$@" \
    >"$work/.stdout.$$" 2>"$work/.stderr.$$" || rc=$?
  if [ "$rc" -eq 124 ]; then
    STATUS[$name]=timeout
  elif ! [[ " $okcodes " == *" $rc "* ]]; then
    if [ "$rc" -ge 128 ] || grep -q "Command terminated by signal" "$out" 2>/dev/null; then
      STATUS[$name]=crashed
    else
      STATUS[$name]=rejected
    fi
    cp "$work/.stderr.$$" "$work/$name.stderr" 2>/dev/null
  else
    read -r t rss < <(tail -n 1 "$out")
    ALL[$name]="${ALL[$name]:-} $t"
    if [ -z "${BEST[$name]:-}" ] || awk -v a="$t" -v b="${BEST[$name]}" 'BEGIN{exit !(a < b)}'; then
      BEST[$name]="$t"; BRSS[$name]="$rss"
    fi
  fi
  rm -f "$out" "$work/.stdout.$$" "$work/.stderr.$$"
}

# last NAME -> the seconds of NAME's latest run (empty if none).
last() { local v="${ALL[$1]:-}"; echo "${v##* }"; }

# median_ratio "A1 A2 .." "B1 B2 .." -> the median of Ai/Bi, or "-".
median_ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN{ n = split(a, x, " "); m = split(b, y, " ");
    if (n == 0 || n != m) { print "-"; exit }
    for (i = 1; i <= n; i++) r[i] = (y[i] > 0) ? x[i] / y[i] : 0;
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
    printf "%.2f", (n % 2) ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2 }'
}

label() { # 10000 -> 10k
  awk -v n="$1" 'BEGIN{ if (n>=1000000 && n%1000000==0) printf "%dM", n/1000000;
                        else if (n>=1000 && n%1000==0) printf "%dk", n/1000; else printf "%d", n }'
}
fmt_mb() { [ -n "$1" ] && awk -v k="$1" 'BEGIN{printf "%.0f", k/1024}' || printf -- "-"; }

for shape in $shapes; do
  case "$shape" in many|one) ;; *) echo "run_bench.sh: unknown shape '$shape' (many, one)" >&2; exit 2 ;; esac
done

declare -a R_SHAPE R_SIZE R_OPS R_PARSE R_PRSS R_LINT R_LRSS R_LSTAT R_LINT1 R_DEAL R_DRSS R_DSTAT R_MED R_MED1

gen="python3 $here/gen_program.py"
idx=0
for shape in $shapes; do
for n0 in $sizes; do
  # n: the key of this program in the tables of measurements.
  n="${shape}_${n0}"
  shape_args=()
  [ "$shape" = one ] && shape_args=(--min-func-ops "$n0" --max-func-ops "$n0")
  f="$work/prog_${n}.mlir"
  fnd="$work/prog_${n}_nodealloc.mlir"
  if [ ! -s "$f" ] || ! tail -n 1 "$f" | grep -q '^// ops:'; then
    echo "== generating $n0 ops ($shape)" >&2
    $gen --ops "$n0" --seed "$seed" "${shape_args[@]}" -o "$f" || { echo "generation failed" >&2; exit 2; }
  fi
  if [ "$do_dealloc" -eq 1 ] && { [ ! -s "$fnd" ] || ! tail -n 1 "$fnd" | grep -q '^// ops:'; }; then
    $gen --ops "$n0" --seed "$seed" "${shape_args[@]}" --no-deallocs -o "$fnd" || { echo "generation failed" >&2; exit 2; }
  fi
  ops="$(tail -n 1 "$f" | sed 's|^// ops: ||')"

  for ((r = 1; r <= runs; r++)); do
    echo "== $n: round $r of $runs" >&2
    measure_once "parse_$n" "0" "$mlir_opt" --allow-unregistered-dialect "$f" -o /dev/null
    if [ "$have_tool" -eq 1 ]; then
      measure_once "lint_$n" "0 1" "$tool" "$f" --json /dev/null
      measure_once "lint1_$n" "0 1" "$tool" -j 1 "$f" --json /dev/null
    fi
    [ "$do_dealloc" -eq 1 ] &&
      measure_once "dealloc_$n" "0" "$mlir_opt" -buffer-deallocation-pipeline "$fnd" -o /dev/null
    echo "   parse $(last "parse_$n")  lint $(last "lint_$n")  lint-j1 $(last "lint1_$n")  dealloc $(last "dealloc_$n")" >&2
  done
  R_PARSE[idx]="${BEST[parse_$n]:-${STATUS[parse_$n]}}"; R_PRSS[idx]="${BRSS[parse_$n]:-}"
  [ "${STATUS[parse_$n]}" = ok ] || echo "   mlir-opt failed (${STATUS[parse_$n]}) on $f" >&2
  R_MED[idx]="-"; R_MED1[idx]="-"
  if [ "$have_tool" -eq 1 ]; then
    R_LINT[idx]="${BEST[lint_$n]:-}"; R_LRSS[idx]="${BRSS[lint_$n]:-}"; R_LSTAT[idx]="${STATUS[lint_$n]}"
    [ "${STATUS[lint_$n]}" = ok ] || echo "   mlir-memlint ${STATUS[lint_$n]} on $f (stderr in $work/lint_$n.stderr)" >&2
    R_LINT1[idx]="${BEST[lint1_$n]:-${STATUS[lint1_$n]}}"
    if [ "${STATUS[parse_$n]}" = ok ]; then
      [ "${STATUS[lint_$n]}" = ok ] && R_MED[idx]="$(median_ratio "${ALL[lint_$n]}" "${ALL[parse_$n]}")"
      [ "${STATUS[lint1_$n]}" = ok ] && R_MED1[idx]="$(median_ratio "${ALL[lint1_$n]}" "${ALL[parse_$n]}")"
    fi
    if [ "$findings" -eq 1 ] && [ "${STATUS[lint_$n]}" = ok ]; then
      # One extra, untimed run to count findings (the inputs are memory-correct,
      # so every lifetime-* finding is a false positive).
      timeout "$timeout_s" "$tool" "$f" --json "$work/lint_$n.json" >/dev/null 2>&1
      python3 - "$work/lint_$n.json" "$(label "$n0") $shape" >&2 <<'PY'
import collections, json, sys
try:
    doc = json.load(open(sys.argv[1]))
except Exception as e:  # noqa: BLE001
    print(f"   findings {sys.argv[2]}: unreadable JSON ({e})"); sys.exit(0)
c = collections.Counter(f.get("rule", "?") for f in doc.get("findings", []))
print(f"   findings {sys.argv[2]}: {sum(c.values())}" + "".join(f"  {k}={v}" for k, v in sorted(c.items())))
PY
    fi
  else
    R_LINT[idx]=""; R_LRSS[idx]=""; R_LSTAT[idx]="n/a"; R_LINT1[idx]="n/a"
  fi

  if [ "$do_dealloc" -eq 1 ]; then
    R_DEAL[idx]="${BEST[dealloc_$n]:-}"; R_DRSS[idx]="${BRSS[dealloc_$n]:-}"; R_DSTAT[idx]="${STATUS[dealloc_$n]}"
  else
    R_DEAL[idx]=""; R_DRSS[idx]=""; R_DSTAT[idx]="skipped"
  fi
  R_SHAPE[idx]="$shape"; R_SIZE[idx]="$n0"; R_OPS[idx]="$ops"
  idx=$((idx + 1))
done
done

# ---------------------------------------------------------------- the table
printf '\nmlir-memlint benchmark  (best of %d interleaved rounds; med: median of the ratios within a round; times in s, peak RSS in MB; %s)\n' "$runs" "$(nproc) cpus"
printf '%-5s %-5s %9s | %8s %6s | %8s %6s %7s %5s | %8s %7s %5s | %9s %6s | %11s\n' \
  shape size ops parse rss lint rss "lint/p" med "lint -j1" "j1/p" med dealloc rss "lint growth"
printf -- '%.0s-' {1..130}; printf '\n'
[ -n "$csv" ] && echo "shape,size,ops,parse_s,parse_rss_kb,lint_s,lint_rss_kb,lint_status,lint_parse_ratio,lint_parse_ratio_median,lint_j1_s,lint_j1_parse_ratio,lint_j1_parse_ratio_median,dealloc_s,dealloc_rss_kb,dealloc_status,lint_growth_per_10x" >"$csv"
prev_lint=""; prev_ops=""
for ((i = 0; i < idx; i++)); do
  p="${R_PARSE[i]}"; l="${R_LINT[i]}"; l1="${R_LINT1[i]}"; d="${R_DEAL[i]}"
  ratio="-"; ratio1="-"; growth="-"
  # Growth is taken between sizes of one shape.
  if [ "$i" -gt 0 ] && [ "${R_SHAPE[i]}" != "${R_SHAPE[i-1]}" ]; then prev_lint=""; prev_ops=""; fi
  if [[ "$l1" =~ ^[0-9.]+$ ]] && [[ "$p" =~ ^[0-9.]+$ ]]; then
    ratio1="$(awk -v a="$l1" -v b="$p" 'BEGIN{ if (b>0) printf "%.2f", a/b; else print "-" }')"
  fi
  lint_cell="${R_LSTAT[i]}"; [ "${R_LSTAT[i]}" = ok ] && lint_cell="$l"
  if [ "${R_LSTAT[i]}" = ok ] && [[ "$p" =~ ^[0-9.]+$ ]]; then
    ratio="$(awk -v a="$l" -v b="$p" 'BEGIN{ if (b>0) printf "%.2f", a/b; else print "-" }')"
  fi
  if [ "${R_LSTAT[i]}" = ok ] && [ -n "$prev_lint" ]; then
    # growth of lint time per 10x ops: (t2/t1)^(1/log10(ops2/ops1))
    growth="$(awk -v t2="$l" -v t1="$prev_lint" -v n2="${R_OPS[i]}" -v n1="$prev_ops" \
      'BEGIN{ if (t1>0 && n2>n1) printf "%.1fx", exp(log(t2/t1)/(log(n2/n1)/log(10))); else print "-" }')"
  fi
  case "${R_DSTAT[i]}" in
    ok) dcell="$d" ;; rejected|crashed) dcell="rejected" ;; *) dcell="${R_DSTAT[i]}" ;;
  esac
  printf '%-5s %-5s %9s | %8s %6s | %8s %6s %7s %5s | %8s %7s %5s | %9s %6s | %11s\n' \
    "${R_SHAPE[i]}" "$(label "${R_SIZE[i]}")" "${R_OPS[i]}" "$p" "$(fmt_mb "${R_PRSS[i]}")" \
    "$lint_cell" "$(fmt_mb "${R_LRSS[i]}")" "$ratio" "${R_MED[i]}" "$l1" "$ratio1" "${R_MED1[i]}" "$dcell" "$(fmt_mb "${R_DRSS[i]}")" "$growth"
  [ -n "$csv" ] && echo "${R_SHAPE[i]},${R_SIZE[i]},${R_OPS[i]},$p,${R_PRSS[i]},$l,${R_LRSS[i]},${R_LSTAT[i]},$ratio,${R_MED[i]},$l1,$ratio1,${R_MED1[i]},$d,${R_DRSS[i]},${R_DSTAT[i]},$growth" >>"$csv"
  if [ "${R_LSTAT[i]}" = ok ]; then prev_lint="$l"; prev_ops="${R_OPS[i]}"; fi
done
printf '\ntargets: lint/parse <= 1.5 at every size and shape (many functions at 1M ops: <= 1.0); lint growth ~10x per 10x ops (linear)\n'
if [ "$keep" -eq 1 ] || [ "$work_given" -eq 1 ]; then echo "inputs kept in $work" >&2; fi

# Exit status: 0 if the lint targets hold (or the tool is absent), 1 otherwise.
status=0
for ((i = 0; i < idx; i++)); do
  [ "${R_LSTAT[i]}" = ok ] || { [ "${R_LSTAT[i]}" = n/a ] || status=1; continue; }
  [[ "${R_PARSE[i]}" =~ ^[0-9.]+$ ]] || continue
  awk -v a="${R_LINT[i]}" -v b="${R_PARSE[i]}" 'BEGIN{exit !(a > 1.5*b)}' && status=1
done
exit $status
