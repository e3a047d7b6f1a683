# Sourced by the bench scripts: the octal code of SUB(S) for ogsolve, digit 3 at each member s of
# S and 0 elsewhere (`octal_code 2 3 5` prints 0.03303).
octal_code() {
    local max=0 s code="0." i
    for s in "$@"; do ((s > max)) && max=$s; done
    declare -A member=()
    for s in "$@"; do member[$s]=1; done
    for ((i = 1; i <= max; i++)); do
        if [[ -n ${member[$i]:-} ]]; then code+=3; else code+=0; fi
    done
    echo "$code"
}
