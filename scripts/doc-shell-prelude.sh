# Sourced before a docs shell block (scripts/doc-shell.ts). curl keeps each answer's status and body in $DOC_TMP,
# and puts in place of a placeholder id the docs write (sell_…, txn_…: "the id from the answer above") the last id
# of that prefix an earlier answer held; no call waits more than 10 s. Where jq is not installed, a node one-liner does the `jq -r .a.b` the docs use.
calls=0
curl() {
  local args=() arg prefix id status out shown
  for arg in "$@"; do
    while [[ $arg =~ ([a-z]+)_… ]]; do
      prefix=${BASH_REMATCH[1]}
      id=$(cat "$DOC_TMP/id-$prefix" 2>/dev/null || echo "${prefix}_missing")
      arg=${arg//${prefix}_…/$id}
    done
    args+=("$arg")
  done
  calls=$((calls + 1))
  out="$DOC_TMP/body-$calls"
  status=$(command curl -sS --max-time 10 -o "$out" -w '%{http_code}' "${args[@]}")
  shown="$*"
  shown=${shown//$'\n'/ }
  printf '%s\t%s\t%s\n' "$status" "$out" "${shown//$'\t'/ }" >> "$DOC_TMP/calls"
  for id in $(grep -oE '"[A-Za-z]+": ?"[a-z]+_[A-Za-z0-9_.-]+"' "$out" | grep -oE '[a-z]+_[A-Za-z0-9_.-]+"$' | tr -d '"' | tac); do
    printf '%s' "$id" > "$DOC_TMP/id-${id%%_*}"
  done
  cat "$out"
}
if ! command -v jq >/dev/null; then
  jq() {
    [ "$1" = -r ] && shift
    node -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>{let v=JSON.parse(s);for(const k of process.argv[1].split(".").filter(Boolean))v=v?.[k];console.log(typeof v==="string"?v:JSON.stringify(v))})' "$1"
  }
fi
